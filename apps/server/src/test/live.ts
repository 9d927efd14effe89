import { LiveServerFrame, type LiveChannel } from '@pass/contracts';
import type { TestClient } from './accounts.js';
import { openTestSocket, type TestSocket } from './chat.js';

/** A live games socket for the server's tests (modules/live): frames checked against the contract, kept in order. */
export type LiveSocket = TestSocket<LiveServerFrame>;

/** Opens `/ws/live`; rejects with the HTTP status when the upgrade is refused. */
export function openLive(
  base: string,
  client: TestClient | null,
  options: { origin?: string | null } = {},
): Promise<LiveSocket> {
  return openTestSocket(`${base}/ws/live`, client, (value) => LiveServerFrame.parse(value), options);
}

/** Subscribes the socket to the channels and waits until the server says it holds them. */
export async function subscribe(socket: LiveSocket, channels: LiveChannel[]): Promise<void> {
  socket.send({ type: 'subscribe', channels });
  await socket.next('subscribed', (frame) => channels.every((channel) => frame.channels.includes(channel)));
}
