/**
 * Teardown steps (stop a server, drop a database) that must run however the bench ends:
 * normally, on a thrown error, or on Ctrl-C. Steps run last-registered first, like nested finally blocks.
 */

type CleanupStep = () => Promise<void> | void;

const steps: { name: string; run: CleanupStep }[] = [];

/** Registers a step; the returned function runs it now (once) and forgets it. */
export function deferCleanup(name: string, run: CleanupStep): () => Promise<void> {
  const entry = { name, run };
  steps.push(entry);
  return async () => {
    const index = steps.indexOf(entry);
    if (index === -1) return;
    steps.splice(index, 1);
    await entry.run();
  };
}

/** Runs every outstanding step; a failing step is reported and does not stop the others. */
export async function runAllCleanups(): Promise<void> {
  while (steps.length > 0) {
    const entry = steps.pop()!;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup "${entry.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
