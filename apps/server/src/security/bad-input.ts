import fc from 'fast-check';
import {
  lowerBound,
  operationName,
  schemaTypes,
  upperBound,
  type JsonSchema,
  type Operation,
  type Parameter,
} from './openapi.js';

/**
 * Bad input for one operation, generated from its documented parameters and body: each case changes one
 * thing of an otherwise valid request (a wrong type, a missing field, a number out of range, NUL, a lone
 * surrogate, a line break, a text-direction override, a 1 MB string, malformed JSON, bad percent-encoding, an over-long path parameter), plus a few
 * values drawn by fast-check from the run's seed. A run (`FuzzRun`) sends every case of the request as a whole
 * and, of each field's cases, all of them or a sample its seed draws; the same document and run give the same
 * cases, in the same order.
 */

export interface BadRequest {
  /** What was changed, for the report: `body.event_id: 2147483648`. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The seed of the valid values (the same in every run, as the other security suites send them). */
export const SEED = 20_261_121;
/** Random values per field and per request part, on top of the fixed ones. */
const RANDOM_PER_FIELD = 2;

/**
 * One run of the bad-input cases: the seed that draws the random values and, when `perField` is finite, which
 * of each field's cases (a path or query parameter, a header, a body field) are sent. The cases about the
 * request as a whole are always all sent.
 */
export interface FuzzRun {
  seed: number;
  /** How many of each field's cases are sent; `Infinity` sends them all (the full sweep). */
  perField: number;
}

/** Every case of every field, the random values drawn from the suite's first seed. */
export const FULL_SWEEP: FuzzRun = { seed: SEED, perField: Number.POSITIVE_INFINITY };

/** The field cases a run sends by default: a sample that a new seed changes every run. */
export const DEFAULT_PER_FIELD = 4;

/**
 * The run the environment asks for: `SECURITY_FUZZ_SEED` repeats a run's seed (a new one is drawn otherwise),
 * `SECURITY_FUZZ=full` sends every case of every field (`npm run test:security`), a number that many per field.
 */
export function fuzzRunFrom(env: Record<string, string | undefined>, newSeed: () => number): FuzzRun {
  const seedText = env.SECURITY_FUZZ_SEED?.trim();
  if (seedText && !/^\d{1,10}$/.test(seedText)) {
    throw new Error(`SECURITY_FUZZ_SEED must be a whole number (got "${seedText}")`);
  }
  const seed = seedText ? Number(seedText) >>> 0 : newSeed() >>> 0;
  const size = env.SECURITY_FUZZ?.trim() ?? '';
  if (size === '') return { seed, perField: DEFAULT_PER_FIELD };
  if (size === 'full') return { seed, perField: Number.POSITIVE_INFINITY };
  if (/^\d+$/.test(size) && Number(size) >= 1) return { seed, perField: Number(size) };
  throw new Error(`SECURITY_FUZZ must be "full" or a number of cases per field (got "${size}")`);
}

/** The run in words, with how to repeat it. */
export function describeRun(run: FuzzRun): string {
  const sample = Number.isFinite(run.perField)
    ? `${run.perField} cases per field drawn by the seed (SECURITY_FUZZ=full, or npm run test:security, sends all)`
    : 'every case of every field';
  return `seed ${run.seed}, ${sample}; SECURITY_FUZZ_SEED=${run.seed} repeats it`;
}

/** `count` of the cases, drawn by the seed (with fast-check, as the random values are), in their first order. */
function sampleOf<T>(cases: T[], count: number, seed: number): T[] {
  if (cases.length <= count) return cases;
  const indices = cases.map((_case, index) => index);
  const [chosen] = fc.sample(fc.shuffledSubarray(indices, { minLength: count, maxLength: count }), {
    seed,
    numRuns: 1,
  });
  return chosen!.sort((x, y) => x - y).map((index) => cases[index]!);
}

const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);
// Just under the 1 MB body limit once quoted and wrapped, so it reaches validation rather than the limit.
const NEAR_LIMIT_STRING = 'y'.repeat(1024 * 1024 - 4096);
const INT4_MAX = 2_147_483_647;

/** Replaced by a number of its own in each request sent, for values that must be new each time. */
export const FRESH = '{fresh}';

/**
 * Realistic values for well-known field names, so that a case gets past the checks of the other fields
 * (a new username and email each time, or every sign-up after the first would stop at "taken").
 */
const KNOWN_FIELDS: Record<string, unknown> = {
  email: `fuzz-${FRESH}@example.com`,
  username: `fuzz-${FRESH}`,
  password: 'correct-horse-battery-staple-9',
  currentPassword: 'correct-horse-battery-staple-9',
  newPassword: 'another-horse-battery-staple-7',
  name: 'Fuzz Tester',
};

/** A string hash, to give each operation and field its own seed. */
function hash(text: string): number {
  let value = 2_166_136_261;
  for (let index = 0; index < text.length; index += 1) {
    value = Math.imul(value ^ text.charCodeAt(index), 16_777_619);
  }
  return value >>> 0;
}

function matches(schema: JsonSchema, value: string): boolean {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
}

/** Values by field or parameter name, used in place of a value made from the schema. */
export type Hints = Record<string, unknown>;

/** A valid value for a schema; `name` picks a realistic one for well-known fields and the given hints. */
export function validValue(schema: JsonSchema, name = '', seed = SEED, hints: Hints = KNOWN_FIELDS): unknown {
  if (name in hints) return hints[name];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum.find((option) => option !== null) ?? schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return validValue(alternatives[0]!, name, seed, hints);
  if (schema.allOf && schema.allOf.length > 0) return validValue(Object.assign({}, ...schema.allOf), name, seed, hints);
  const types = schemaTypes(schema).filter((type) => type !== 'null');
  const type = types[0];
  if (type === undefined) return schema.nullable ? null : 'x';
  switch (type) {
    case 'integer':
    case 'number': {
      const low = lowerBound(schema);
      const high = upperBound(schema);
      let value = 1;
      if (low && (low.exclusive ? value <= low.value : value < low.value)) value = Math.floor(low.value) + 1;
      if (high && (high.exclusive ? value >= high.value : value > high.value)) value = Math.ceil(high.value) - 1;
      return value;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        validValue(schema.items ?? {}, name, seed, hints),
      ).slice(0, schema.maxItems ?? Infinity);
    case 'object':
      // Required fields, and the optional ones the suite gave a value for (a bet's team, which a rule requires).
      return Object.fromEntries(
        Object.keys({ ...Object.fromEntries((schema.required ?? []).map((key) => [key, true])), ...schema.properties })
          .filter((key) => schema.required?.includes(key) || (key in hints && !(key in KNOWN_FIELDS)))
          .map((key) => [key, validValue(schema.properties?.[key] ?? {}, key, seed, hints)]),
      );
    default: {
      const candidates = ['abc', 'a'.repeat(Math.max(schema.minLength ?? 3, 1)), '1', 'kc'];
      const found = candidates.find((candidate) => matches(schema, candidate));
      if (found !== undefined) return found;
      if (schema.pattern !== undefined) {
        const samples = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed, numRuns: 200 });
        const sample = samples.find((candidate) => matches(schema, candidate));
        if (sample !== undefined) return sample;
      }
      return 'a'.repeat(schema.minLength ?? 3);
    }
  }
}

/** A string of UTF-16 code units, lone surrogates and NUL included. */
const anyCodeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
  maxLength: 24,
});

/** Any JSON value, or text no check expects. */
const hostileJson = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  anyCodeUnits,
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

interface BadValue {
  label: string;
  value: unknown;
  /** JSON text used instead of `value` (numbers JSON.stringify cannot write). */
  raw?: string;
}

/** Values of the wrong type, out of range, or carrying NUL, lone surrogates and oversized text, for one field. */
function badJsonValues(schema: JsonSchema, seed: number): BadValue[] {
  const types = schemaTypes(schema);
  const values: BadValue[] = [];
  const add = (label: string, value: unknown, raw?: string) =>
    values.push(raw ? { label, value, raw } : { label, value });
  const admits = (type: string) =>
    types.length === 0 || types.includes(type) || (type === 'integer' && types.includes('number'));

  if (!admits('string')) add('a string', 'abc');
  if (!admits('integer')) add('a number', 123);
  if (!admits('boolean')) add('a boolean', true);
  if (!admits('null') && !schema.nullable) add('null', null);
  if (!admits('array')) add('an array', ['a']);
  if (!admits('object')) add('an object', { a: 1 });

  if (admits('integer') || admits('number')) {
    add('2147483648 (above int4)', INT4_MAX + 1);
    add('-2147483649 (below int4)', -INT4_MAX - 2);
    add('-1', -1);
    add('0', 0);
    add('9007199254740993 (beyond safe integers)', 0, '9007199254740993');
    add('1e308', 1e308);
    add('-1e308', -1e308);
    add('1e400 (infinite)', 0, '1e400');
    add('-0', 0, '-0');
    if (types.includes('integer')) add('1.5 for an integer', 1.5);
    const low = lowerBound(schema);
    const high = upperBound(schema);
    if (low) add(`just below the minimum ${low.value}`, low.exclusive ? low.value : low.value - 1);
    if (high) add(`just above the maximum ${high.value}`, high.exclusive ? high.value : high.value + 1);
  }
  if (admits('string')) {
    add('an empty string', '');
    add('NUL', 'a\u0000b');
    add('a lone high surrogate', '\ud800');
    add('a lone low surrogate', 'a\udfffb');
    // Refused by every one-line field (names, labels), kept by multi-line ones (chat, announcements).
    add('a line break and a header', 'a\r\nBcc: b@example.com');
    add('a right-to-left override', 'a\u202eb');
    add('a 1 MB string (over the body limit)', MEGABYTE_STRING);
    add('a string just under the body limit', NEAR_LIMIT_STRING);
    if (schema.maxLength !== undefined) add(`${schema.maxLength + 1} characters`, 'a'.repeat(schema.maxLength + 1));
    add('only spaces', '   ');
    add('a path traversal', '../../../../etc/passwd');
    add('SQL text', "x' or '1'='1'; drop table users; --");
    add('a script element', '<script>alert(1)</script>');
    if (schema.enum) add('not one of the options', 'not-an-option');
  }
  fc.sample(hostileJson, { seed, numRuns: RANDOM_PER_FIELD }).forEach((value, index) =>
    add(`random value ${index + 1}: ${JSON.stringify(value).slice(0, 40)}`, value),
  );
  return values;
}

/** Values for a URL part (path segment, query value), already percent-encoded where valid. */
function badUrlValues(schema: JsonSchema, where: 'path' | 'query', seed: number): { label: string; raw: string }[] {
  const types = schemaTypes(schema);
  const numeric = types.includes('integer') || types.includes('number');
  const values: { label: string; raw: string }[] = [
    { label: 'NUL', raw: 'a%00b' },
    { label: 'a lone surrogate (CESU-8 bytes)', raw: '%ED%A0%80' },
    { label: 'an invalid UTF-8 byte', raw: '%FF' },
    { label: 'a truncated escape', raw: '%E0%A4%A' },
    { label: 'a bare percent sign', raw: '%' },
    { label: 'a non-hex escape', raw: '%zz' },
    { label: 'an overlong slash', raw: '%C0%AF' },
    { label: 'an encoded path traversal', raw: '..%2F..%2Fetc%2Fpasswd' },
    { label: 'a string', raw: 'abc' },
    { label: 'SQL text', raw: encodeURIComponent("1' or '1'='1") },
  ];
  if (where === 'path') {
    values.push({ label: '101 characters (over the router limit)', raw: 'a'.repeat(101) });
    values.push({ label: '5000 characters', raw: '9'.repeat(5000) });
  } else {
    values.push({ label: 'an empty value', raw: '' });
    values.push({ label: 'a 1 MB value', raw: MEGABYTE_STRING });
  }
  if (numeric) {
    for (const raw of [
      '2147483648',
      '-2147483649',
      '-1',
      '0',
      '1.5',
      '9007199254740993',
      '99999999999999999999',
      '1e308',
      '1e400',
      'NaN',
      'Infinity',
      '0x10',
      '+1',
      ' 1',
    ]) {
      values.push({ label: raw, raw: encodeURIComponent(raw) });
    }
    const low = lowerBound(schema);
    const high = upperBound(schema);
    if (low) values.push({ label: 'just below the minimum', raw: String(low.exclusive ? low.value : low.value - 1) });
    if (high)
      values.push({ label: 'just above the maximum', raw: String(high.exclusive ? high.value : high.value + 1) });
  }
  if (schema.enum) values.push({ label: 'not one of the options', raw: 'not-an-option' });
  if (schema.maxLength !== undefined) {
    values.push({ label: `${schema.maxLength + 1} characters`, raw: 'a'.repeat(schema.maxLength + 1) });
  }
  if (schema.minLength !== undefined && schema.minLength > 1) {
    values.push({ label: 'too short', raw: 'a'.repeat(schema.minLength - 1) });
  }
  fc.sample(anyCodeUnits, { seed, numRuns: RANDOM_PER_FIELD }).forEach((value, index) => {
    // Code units that are not valid UTF-16 cannot be percent-encoded; send their bytes as CESU-8 escapes.
    const raw = [...value]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          const unit = char.charCodeAt(0);
          return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('');
        }
      })
      .join('');
    // An empty path segment is no value of the parameter: the URL names another route (the collection's list).
    if (where === 'path' && raw === '') return;
    values.push({ label: `random text ${index + 1}`, raw });
  });
  return values;
}

/** The parts of a valid request, as raw (encoded) strings. */
interface Baseline {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown> | unknown;
}

function encodeValue(value: unknown): string {
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
}

function baselineOf(operation: Operation, seed: number, hints: Hints): Baseline {
  const baseline: Baseline = { path: {}, query: {}, headers: {}, body: undefined };
  for (const parameter of operation.parameters) {
    if (!parameter.required) continue;
    const value = validValue(parameter.schema, parameter.name, seed, hints);
    if (parameter.in === 'path') baseline.path[parameter.name] = encodeValue(value);
    if (parameter.in === 'query') baseline.query[parameter.name] = encodeValue(value);
    // An idempotency key must differ per request, or a replay answers in place of the case: a fresh one on sending.
    if (parameter.in === 'header')
      baseline.headers[parameter.name] = parameter.name === 'idempotency-key' ? `key-${FRESH}` : String(value);
  }
  if (operation.body) baseline.body = validValue(operation.body, '', seed, hints);
  return baseline;
}

function buildUrl(operation: Operation, path: Record<string, string>, query: string[]): string {
  const url = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => path[name] ?? '');
  return query.length > 0 ? `${url}?${query.join('&')}` : url;
}

function queryPairs(query: Record<string, string>): string[] {
  return Object.entries(query).map(([name, raw]) => `${encodeURIComponent(name)}=${raw}`);
}

const RAW_MARK = '"\u0001raw\u0001"';

function jsonWith(body: unknown, field: string | null, bad: BadValue): string {
  if (field === null) return bad.raw ?? JSON.stringify(bad.value);
  const record = { ...(body as Record<string, unknown>), [field]: bad.raw ? '\u0001raw\u0001' : bad.value };
  const text = JSON.stringify(record);
  return bad.raw ? text.replace(RAW_MARK, bad.raw) : text;
}

/**
 * A valid request for an operation, from the same values the bad ones start from; `path` gives path
 * parameters (unencoded) such as the id of an object made for the test.
 */
export function validRequest(operation: Operation, hints: Hints = {}, path: Record<string, string> = {}): BadRequest {
  const seed = (SEED ^ hash(operationName(operation))) >>> 0;
  const baseline = baselineOf(operation, seed, { ...KNOWN_FIELDS, ...hints });
  const given = Object.fromEntries(Object.entries(path).map(([name, value]) => [name, encodeURIComponent(value)]));
  const payload = operation.body ? JSON.stringify(baseline.body) : undefined;
  return {
    label: 'a valid request',
    method: operation.method,
    url: buildUrl(operation, { ...baseline.path, ...given }, queryPairs(baseline.query)),
    headers: { ...baseline.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload }),
  };
}

/**
 * The bad requests of a run for an operation, in a fixed order. `hints` give values by name for the valid
 * rest of each request (the id of a game that exists, say), on top of the well-known fields.
 */
export function badRequests(operation: Operation, hints: Hints = {}, run: FuzzRun = FULL_SWEEP): BadRequest[] {
  const valueSeed = (SEED ^ hash(operationName(operation))) >>> 0;
  const seed = (run.seed ^ hash(operationName(operation))) >>> 0;
  const allHints = { ...KNOWN_FIELDS, ...hints };
  const baseline = baselineOf(operation, valueSeed, allHints);
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(operation.method);
  const json = { 'content-type': 'application/json' };
  const baseBody = operation.body ? JSON.stringify(baseline.body) : undefined;
  const cases: BadRequest[] = [];
  const push = (label: string, parts: RequestParts) => {
    const payload = 'payload' in parts ? parts.payload : baseBody;
    const headers: Record<string, string> = {
      ...baseline.headers,
      ...(payload === undefined ? {} : json),
      ...parts.headers,
    };
    if (parts.withoutHeader) delete headers[parts.withoutHeader];
    cases.push({
      label,
      method: operation.method,
      url: buildUrl(operation, parts.path ?? baseline.path, parts.query ?? queryPairs(baseline.query)),
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  };

  // One field's cases: all of them, or the run's sample of them.
  const field = (name: string, fieldCases: [string, RequestParts][]) => {
    const sampleSeed = (seed ^ hash(`sample ${name}`)) >>> 0;
    for (const [label, parts] of sampleOf(fieldCases, run.perField, sampleSeed)) push(label, parts);
  };

  for (const parameter of operation.parameters) {
    const name = `${parameter.in}.${parameter.name}`;
    const fieldSeed = (seed ^ hash(name)) >>> 0;
    const valueFieldSeed = (valueSeed ^ hash(name)) >>> 0;
    field(name, casesForParameter(parameter, baseline, fieldSeed, valueFieldSeed, allHints));
  }

  // Cases about the request as a whole (its query string, its body's encoding) keep a path parameter invalid
  // when there is one, so that none performs the operation itself: an admin's import would run on behind the suite.
  const refusedPath = { ...baseline.path };
  for (const parameter of operation.parameters.filter((candidate) => candidate.in === 'path')) {
    const refused = refusedPathValue(parameter.schema);
    if (refused !== null) refusedPath[parameter.name] = refused;
  }
  push('an unknown query parameter with a bad escape', {
    path: refusedPath,
    query: [...queryPairs(baseline.query), 'x=%zz'],
  });
  push('a query string that is only a percent sign', { path: refusedPath, query: ['%'] });
  push('a NUL in an unknown query parameter name', {
    path: refusedPath,
    query: [...queryPairs(baseline.query), '%00=1'],
  });

  if (hasBody) {
    for (const [label, payload] of [
      ['malformed JSON: an open brace', '{'],
      ['malformed JSON: a cut-off member', '{"a":'],
      ['malformed JSON: a bare word', 'nul'],
      ['malformed JSON: single quotes', "{'a': 1}"],
      ['malformed JSON: a trailing comma', '{"a": 1,}'],
      ['an empty JSON body', ''],
      ['JSON nested 10,000 deep', '['.repeat(10_000) + ']'.repeat(10_000)],
      [
        'invalid UTF-8 in a JSON string',
        Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]),
      ],
      [
        'a prototype-polluting key',
        '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
      ],
    ] as const) {
      push(label, { path: refusedPath, payload });
    }
    push('the body as text/plain', {
      path: refusedPath,
      payload: baseBody ?? 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    push('a content type with a bad charset', {
      path: refusedPath,
      payload: baseBody ?? '{}',
      headers: { 'content-type': 'application/json; charset=utf-7' },
    });
  }

  if (operation.body) {
    const bodySeed = (seed ^ hash('body')) >>> 0;
    for (const bad of badJsonValues({ ...operation.body, type: 'object' }, bodySeed)) {
      if (bad.label === 'an object' || bad.label.startsWith('random')) continue;
      push(`body: ${bad.label}`, { payload: jsonWith(undefined, null, bad) });
    }
    push('body: an empty object', { payload: '{}' });
    fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: bodySeed, numRuns: RANDOM_PER_FIELD }).forEach((value, index) =>
      push(`body: random JSON ${index + 1}`, { payload: JSON.stringify(value) ?? 'null' }),
    );
    const body = baseline.body as Record<string, unknown>;
    const required = operation.body.required ?? [];
    const properties = operation.body.properties ?? {};
    for (const name of [...new Set([...required, ...Object.keys(properties)])]) {
      const fieldCases: [string, RequestParts][] = [];
      if (required.includes(name)) {
        const { [name]: _missing, ...rest } = body;
        fieldCases.push([`body.${name}: missing`, { payload: JSON.stringify(rest) }]);
      }
      const schema = properties[name];
      if (schema) {
        const fieldSeed = (seed ^ hash(`body.${name}`)) >>> 0;
        for (const bad of badJsonValues(schema, fieldSeed)) {
          fieldCases.push([`body.${name}: ${bad.label}`, { payload: jsonWith(body, name, bad) }]);
        }
      }
      field(`body.${name}`, fieldCases);
    }
  }
  return cases;
}

/** What a case changes of the valid request. */
interface RequestParts {
  path?: Record<string, string>;
  query?: string[];
  headers?: Record<string, string>;
  withoutHeader?: string;
  payload?: string | Buffer;
}

/** A path segment that routes but fails the parameter's schema, when there is one. */
function refusedPathValue(schema: JsonSchema): string | null {
  const types = schemaTypes(schema);
  if (types.includes('integer') || types.includes('number')) return 'abc';
  if (schema.enum) return 'not-an-option';
  if (schema.maxLength !== undefined && schema.maxLength < 100) return 'a'.repeat(schema.maxLength + 1);
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test('~')) return '~';
  return null;
}

function casesForParameter(
  parameter: Parameter,
  baseline: Baseline,
  seed: number,
  valueSeed: number,
  hints: Hints,
): [string, RequestParts][] {
  const name = `${parameter.in}.${parameter.name}`;
  const cases: [string, RequestParts][] = [];
  const push = (label: string, parts: RequestParts) => cases.push([label, parts]);
  if (parameter.in === 'path') {
    for (const bad of badUrlValues(parameter.schema, 'path', seed)) {
      push(`${name}: ${bad.label}`, { path: { ...baseline.path, [parameter.name]: bad.raw } });
    }
    return cases;
  }
  if (parameter.in === 'query') {
    const others = queryPairs(
      Object.fromEntries(Object.entries(baseline.query).filter(([key]) => key !== parameter.name)),
    );
    const key = encodeURIComponent(parameter.name);
    if (parameter.required) push(`${name}: missing`, { query: others });
    for (const bad of badUrlValues(parameter.schema, 'query', seed)) {
      push(`${name}: ${bad.label}`, { query: [...others, `${key}=${bad.raw}`] });
    }
    const valid = encodeValue(validValue(parameter.schema, parameter.name, valueSeed, hints));
    push(`${name}: given twice`, { query: [...others, `${key}=${valid}`, `${key}=${valid}`] });
    push(`${name}: as an object`, { query: [...others, `${key}[a]=1`] });
    return cases;
  }
  if (parameter.in === 'header') {
    if (parameter.required) push(`${name}: missing`, { withoutHeader: parameter.name });
    const maxLength = parameter.schema.maxLength ?? 100;
    for (const [label, value] of [
      ['empty', ''],
      [`${maxLength + 1} characters`, 'a'.repeat(maxLength + 1)],
      ['20,000 characters', 'h'.repeat(20_000)],
      ['Latin-1 bytes', 'caf\u00e9'],
      ['SQL text', "1' or '1'='1"],
    ] as const) {
      push(`${name}: ${label}`, { headers: { [parameter.name]: value } });
    }
  }
  return cases;
}
