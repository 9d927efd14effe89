import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/**
 * Shared by the bench server children: tell the parent which port we listen on, and shut down
 * when the parent goes away or asks us to.
 */
export function announceAndWatchParent(server: Server, close: () => Promise<void>): void {
  const { port } = server.address() as AddressInfo;
  // The parent (lib/processes.ts) waits for exactly this line.
  process.stdout.write(`BENCH_LISTENING ${port}\n`);

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // Never hang on a slow close: the parent only waits a few seconds before SIGKILL anyway.
    setTimeout(() => process.exit(0), 2000).unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // stdin is a pipe from the parent; it closes when the parent exits, even after SIGKILL.
  process.stdin.on('end', shutdown);
  process.stdin.on('close', shutdown);
  process.stdin.resume();
}
