import { describe, expect, it } from 'vitest';
import { parsePushMessage } from './push-message';

describe('parsePushMessage', () => {
  it('reads the title, body, page and tag', () => {
    expect(
      parsePushMessage(
        JSON.stringify({ title: 'Picks lock in 1 hour', body: 'Week 3', url: '/football/pool/7', tag: 'p7' }),
      ),
    ).toEqual({ title: 'Picks lock in 1 hour', body: 'Week 3', url: '/football/pool/7', tag: 'p7' });
  });

  it('opens the home page for an address that is not a page of this app', () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 42]) {
      expect(parsePushMessage(JSON.stringify({ title: 'T', body: 'B', url }))?.url).toBe('/');
    }
  });

  it('shows nothing for a message that is not JSON or has no title', () => {
    expect(parsePushMessage(null)).toBeNull();
    expect(parsePushMessage('not json')).toBeNull();
    expect(parsePushMessage('"a string"')).toBeNull();
    expect(parsePushMessage(JSON.stringify({ body: 'B', url: '/' }))).toBeNull();
    expect(parsePushMessage(JSON.stringify({ title: ' ', body: 'B', url: '/' }))).toBeNull();
  });

  it('takes a missing body as empty and drops an empty tag', () => {
    expect(parsePushMessage(JSON.stringify({ title: 'T', url: '/chat', tag: '' }))).toEqual({
      title: 'T',
      body: '',
      url: '/chat',
    });
  });
});
