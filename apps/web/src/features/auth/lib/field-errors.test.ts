import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { describeProblem, serverProblems } from './field-errors';

const badRequest = (fields: { field: string; message: string }[], message = 'Invalid request') =>
  new ApiError(400, { error: { code: 'BAD_REQUEST', message, fields } });

describe('serverProblems', () => {
  const subjects = { username: 'Username', email: 'Email' };

  it('puts each body field’s problem under its form field, as a sentence', () => {
    const error = badRequest([
      { field: 'body.username', message: 'is taken' },
      { field: 'body.email', message: 'Email must end in .com, .org or .net' },
    ]);
    expect(serverProblems(error, ['username', 'email'], subjects)).toEqual({
      fields: { username: 'Username is taken', email: 'Email must end in .com, .org or .net' },
      general: null,
    });
  });

  it('keeps the first problem of a field', () => {
    const error = badRequest([
      { field: 'body.username', message: 'is taken' },
      { field: 'body.username', message: 'is rude' },
    ]);
    expect(serverProblems(error, ['username'], subjects).fields).toEqual({ username: 'Username is taken' });
  });

  it('gives problems with other parts of the request as the general message', () => {
    const error = badRequest([{ field: 'headers.x-auth-ident', message: 'does not match the username' }]);
    expect(serverProblems(error, ['username'], subjects)).toEqual({
      fields: {},
      general: 'does not match the username',
    });
  });

  it('uses the message of a 400 without fields', () => {
    expect(serverProblems(badRequest([], 'Bad'), ['username'], subjects)).toEqual({ fields: {}, general: 'Bad' });
  });

  it('finds nothing in other failures', () => {
    expect(serverProblems(new ApiError(500, null), ['username'], subjects)).toEqual({ fields: {}, general: null });
    expect(serverProblems(new TypeError('Failed to fetch'), ['username'], subjects)).toEqual({
      fields: {},
      general: null,
    });
  });
});

describe('describeProblem', () => {
  it('puts the subject before a reason that continues a sentence', () => {
    expect(describeProblem('Username', 'must be at least 3 characters')).toBe('Username must be at least 3 characters');
  });

  it('leaves a whole sentence as it is', () => {
    expect(describeProblem('Email', 'Email is required')).toBe('Email is required');
  });
});
