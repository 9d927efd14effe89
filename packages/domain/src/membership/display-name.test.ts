import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.js';

describe('displayName', () => {
  it('is the name when the member gave one, else the username', () => {
    expect(displayName({ username: 'gina', name: 'Gina Torres' })).toBe('Gina Torres');
    expect(displayName({ username: 'gina', name: null })).toBe('gina');
    expect(displayName({ username: 'gina' })).toBe('gina');
  });

  it('takes a blank name as none, and trims the name', () => {
    expect(displayName({ username: 'gina', name: '   ' })).toBe('gina');
    expect(displayName({ username: 'gina', name: ' Gina ' })).toBe('Gina');
  });
});
