import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

describe('linkify', () => {
  it('makes http and https addresses links and leaves the rest text', () => {
    expect(linkify('Lines at https://example.com/odds?week=3 and http://a.test.')).toEqual([
      { kind: 'text', text: 'Lines at ' },
      { kind: 'link', text: 'https://example.com/odds?week=3', href: 'https://example.com/odds?week=3' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://a.test', href: 'http://a.test/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never links another scheme or a bare domain', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'example.com', 'ftp://files.test/a']) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
  });

  it('keeps a closing parenthesis that belongs to the address, drops one that closes the sentence', () => {
    expect(linkify('(see https://en.wikipedia.org/wiki/Pool_(game))')[1]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Pool_(game)',
      href: 'https://en.wikipedia.org/wiki/Pool_(game)',
    });
    expect(linkify('(https://example.com)').map((part) => part.text)).toEqual(['(', 'https://example.com', ')']);
  });

  it('does not let an address break out of an attribute', () => {
    const [, link] = linkify('x https://example.com/"onmouseover=alert(1) y');
    expect(link).toMatchObject({ kind: 'link', href: 'https://example.com/' });
  });
});
