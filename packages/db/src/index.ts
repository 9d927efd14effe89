export * from './client.js';
export * from './migrate.js';
export * from './advisory-locks.js';
export * from './data-dir-lock.js';
export * from './errors.js';
export * from './sql-helpers.js';
export * as schema from './schema/index.js';
export * from './schema/index.js';
export * from './seed/index.js';
