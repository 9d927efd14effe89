import { describe, expect, it } from 'vitest';
import { parseAddressList } from './address-list.js';

describe('a pasted list of addresses', () => {
  it('reads commas, semicolons and lines, bare addresses and Name <address>, a quoted name with a comma', () => {
    const text = [
      'pat@example.com, Sam Lee <SAM@example.org>; "Smith, Jo" <jo@example.net>',
      '',
      '  kim@example.com  ',
      'Robin <robin@example.com>',
    ].join('\n');
    expect(parseAddressList(text)).toEqual([
      { entry: 'pat@example.com', email: 'pat@example.com', problem: null },
      { entry: 'Sam Lee <SAM@example.org>', email: 'sam@example.org', problem: null },
      { entry: '"Smith, Jo" <jo@example.net>', email: 'jo@example.net', problem: null },
      { entry: 'kim@example.com', email: 'kim@example.com', problem: null },
      { entry: 'Robin <robin@example.com>', email: 'robin@example.com', problem: null },
    ]);
  });

  it('answers every entry: one that is no address says why, a repeated address says it was listed earlier', () => {
    expect(parseAddressList('pat@example.com\nnot an address\nPat <PAT@example.com>\nlee@example.io')).toEqual([
      { entry: 'pat@example.com', email: 'pat@example.com', problem: null },
      { entry: 'not an address', email: null, problem: 'Email is not a valid address' },
      { entry: 'Pat <PAT@example.com>', email: 'pat@example.com', problem: 'Listed earlier' },
      { entry: 'lee@example.io', email: null, problem: 'Email must end in .com, .org or .net' },
    ]);
  });

  it('reads nothing from blank text', () => {
    expect(parseAddressList(' \n , ;\r\n')).toEqual([]);
  });
});
