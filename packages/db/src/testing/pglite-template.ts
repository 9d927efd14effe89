import { writeFile } from 'node:fs/promises';
import { createDb } from '../client.js';
import { migrate } from '../migrate.js';

/**
 * Migrates an in-memory PGlite once and writes its data directory as a tarball, so each test file
 * can start from a migrated database in milliseconds (`PGlite.create({ loadDataDir })`).
 */
export async function buildPgliteTemplate(targetPath: string): Promise<void> {
  const handle = await createDb({ dataDir: 'memory://' });
  try {
    await migrate(handle);
    if (handle.raw.kind !== 'pglite') throw new Error('expected PGlite');
    const image = await handle.raw.client.dumpDataDir('none');
    await writeFile(targetPath, Buffer.from(await image.arrayBuffer()));
  } finally {
    await handle.close();
  }
}
