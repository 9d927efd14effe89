import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../plugins/access.js';

/** The part of JSON Schema (as OpenAPI 3.0 writes it) that the route schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, with `{name}` for each path parameter. */
  path: string;
  access: RouteAccess;
  parameters: Parameter[];
  body: JsonSchema | null;
  /** The documented JSON schema per status code (null: documented without a JSON body). */
  responses: Record<string, JsonSchema | null>;
  /** The media types other than JSON documented per status code (an export's `text/csv`). */
  otherMediaTypes: Record<string, string[]>;
}

interface RawOperation {
  'x-access'?: RouteAccess;
  parameters?: (Parameter & { required?: boolean })[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export async function fetchOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  return response.json<OpenApiDocument>();
}

/** `#/components/schemas/X` references replaced by their schema (the documents have no cycles). */
export function resolveRefs(schema: JsonSchema, document: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 50) throw new Error('schema nesting too deep (a reference cycle?)');
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved reference ${schema.$ref}`);
    return resolveRefs(target, document, depth + 1);
  }
  const next = (child: JsonSchema) => resolveRefs(child, document, depth + 1);
  const resolved: JsonSchema = { ...schema };
  if (schema.properties) {
    resolved.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, next(value)]),
    );
  }
  if (schema.items) resolved.items = next(schema.items);
  if (typeof schema.additionalProperties === 'object')
    resolved.additionalProperties = next(schema.additionalProperties);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key]) resolved[key] = schema[key].map(next);
  }
  return resolved;
}

/** Every operation of the document, with its access rule, parameters, body and responses. */
export function listOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const inPath = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!));
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      if (!raw['x-access']) throw new Error(`${method.toUpperCase()} ${path} has no x-access in the document`);
      const parameters = (raw.parameters ?? [])
        // An optional path segment is documented on both of its routes; only the one that has it takes it.
        .filter((parameter) => parameter.in !== 'path' || inPath.has(parameter.name))
        .map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.in === 'path' || parameter.required === true,
          schema: resolveRefs(parameter.schema ?? {}, document),
        }));
      const bodySchema = raw.requestBody?.content?.['application/json']?.schema;
      const responses: Record<string, JsonSchema | null> = {};
      const otherMediaTypes: Record<string, string[]> = {};
      for (const [status, response] of Object.entries(raw.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        responses[status] = schema ? resolveRefs(schema, document) : null;
        otherMediaTypes[status] = Object.keys(response.content ?? {}).filter((type) => type !== 'application/json');
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        access: raw['x-access'],
        parameters,
        body: bodySchema ? resolveRefs(bodySchema, document) : null,
        responses,
        otherMediaTypes,
      });
    }
  }
  return operations;
}

export const operationName = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;

/** The JSON types a schema admits (empty: any). */
export function schemaTypes(schema: JsonSchema): string[] {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return schema.nullable && types.length > 0 ? [...types, 'null'] : types;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function lowerBound(schema: JsonSchema): { value: number; exclusive: boolean } | null {
  if (typeof schema.exclusiveMinimum === 'number') return { value: schema.exclusiveMinimum, exclusive: true };
  if (schema.minimum === undefined) return null;
  return { value: schema.minimum, exclusive: schema.exclusiveMinimum === true };
}

export function upperBound(schema: JsonSchema): { value: number; exclusive: boolean } | null {
  if (typeof schema.exclusiveMaximum === 'number') return { value: schema.exclusiveMaximum, exclusive: true };
  if (schema.maximum === undefined) return null;
  return { value: schema.maximum, exclusive: schema.exclusiveMaximum === true };
}

/**
 * Where a value departs from a schema, as `path: problem` lines (empty when it conforms). Formats other
 * than date-time are not checked.
 */
export function schemaProblems(schema: JsonSchema, value: unknown, path = '$'): string[] {
  if (schema.allOf) return schema.allOf.flatMap((part) => schemaProblems(part, value, path));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    if (value === null && schema.nullable) return [];
    const failures = alternatives.map((part) => schemaProblems(part, value, path));
    return failures.some((problems) => problems.length === 0) ? [] : [`${path}: matches none of its alternatives`];
  }
  if (schema.const !== undefined && value !== schema.const) return [`${path}: is not ${JSON.stringify(schema.const)}`];
  if (schema.enum && !schema.enum.some((option) => option === value)) {
    if (!(value === null && schema.nullable)) return [`${path}: ${JSON.stringify(value)} is not one of its options`];
  }
  const types = schemaTypes(schema);
  const actual = typeOf(value);
  if (types.length > 0 && !types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
    return [`${path}: is ${actual}, documented as ${types.join(' or ')}`];
  }
  const problems: string[] = [];
  if (typeof value === 'number') {
    const low = lowerBound(schema);
    const high = upperBound(schema);
    if (low && (low.exclusive ? value <= low.value : value < low.value)) problems.push(`${path}: below its minimum`);
    if (high && (high.exclusive ? value >= high.value : value > high.value))
      problems.push(`${path}: above its maximum`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) problems.push(`${path}: shorter than its minimum`);
    if (schema.maxLength !== undefined && length > schema.maxLength) problems.push(`${path}: longer than its maximum`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
      problems.push(`${path}: does not match ${schema.pattern}`);
    }
    if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) problems.push(`${path}: not a date-time`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${path}: too few items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${path}: too many items`);
    if (schema.items)
      value.forEach((item, index) => problems.push(...schemaProblems(schema.items!, item, `${path}[${index}]`)));
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!(key in record)) problems.push(`${path}.${key}: missing`);
    }
    for (const [key, item] of Object.entries(record)) {
      const property = schema.properties?.[key];
      if (property) problems.push(...schemaProblems(property, item, `${path}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${path}.${key}: not documented`);
      else if (typeof schema.additionalProperties === 'object') {
        problems.push(...schemaProblems(schema.additionalProperties, item, `${path}.${key}`));
      }
    }
  }
  return problems;
}
