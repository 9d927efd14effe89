/**
 * The browser's WebSocket as the web tests meet it (setup-tests.ts installs it in place of jsdom's): a socket never
 * connects by itself, so no test reaches a network; a test opens it, hands it frames and reads what the page sent.
 */
export class FakeSocket {
  /** Every socket made since the test began, oldest first. */
  static made: FakeSocket[] = [];

  readyState = 0;
  readonly sent: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('the socket is not open');
    this.sent.push(data);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  /** The server accepted the socket. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** A frame from the server. */
  receive(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }

  /** The connection went away (a server restart, the network) with this close code. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  /** The frames the page sent, parsed. */
  frames(): { type: string; channels?: string[] }[] {
    return this.sent.map((text) => JSON.parse(text) as { type: string; channels?: string[] });
  }

  /** The channels the page asked this socket for and has not given up. */
  channels(): string[] {
    const held = new Set<string>();
    for (const frame of this.frames()) {
      for (const channel of frame.channels ?? []) {
        if (frame.type === 'subscribe') held.add(channel);
        if (frame.type === 'unsubscribe') held.delete(channel);
      }
    }
    return [...held];
  }

  /** The newest socket made; fails the test when there is none. */
  static latest(): FakeSocket {
    const socket = FakeSocket.made.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
}
