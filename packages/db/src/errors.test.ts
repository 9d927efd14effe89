import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client.js';
import { findDatabaseError, isUniqueViolation } from './errors.js';
import { EMAIL_UNIQUE_INDEX, USERNAME_UNIQUE_INDEX, users } from './schema/index.js';
import { createTestDb } from './testing/index.js';

describe('isUniqueViolation', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
    await handle.db.insert(users).values({ username: 'Taken', email: 'taken@example.com' });
  });
  afterAll(async () => {
    await handle.close();
  });

  const failure = async (run: () => Promise<unknown>): Promise<unknown> => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('expected the statement to fail');
  };

  it('finds the driver’s error in the cause Drizzle wraps it in, with the index that refused', async () => {
    const error = await failure(() => handle.db.insert(users).values({ username: 'TAKEN', email: 'new@example.com' }));
    expect((error as { code?: unknown }).code).toBeUndefined();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, USERNAME_UNIQUE_INDEX)).toBe(true);
    expect(isUniqueViolation(error, EMAIL_UNIQUE_INDEX)).toBe(false);
  });

  it('finds it through a transaction too', async () => {
    const error = await failure(() =>
      handle.db.transaction(async (tx) => {
        await tx.insert(users).values({ username: 'other', email: 'TAKEN@example.com' });
      }),
    );
    expect(isUniqueViolation(error, EMAIL_UNIQUE_INDEX)).toBe(true);
  });

  it('is false for other database errors and for anything else', async () => {
    const error = await failure(() =>
      handle.db.insert(users).values({ username: null as unknown as string, email: 'x' }),
    );
    expect(isUniqueViolation(error)).toBe(false);
    expect(findDatabaseError(error, '23502')).not.toBeNull();
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });

  it('stops on a cause that loops', () => {
    const looping: { code: string; cause?: unknown } = { code: 'XX000' };
    looping.cause = { code: 'XX001', cause: looping };
    expect(isUniqueViolation(looping)).toBe(false);
  });
});
