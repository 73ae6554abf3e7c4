/**
 * Requests built from the OpenAPI document, for the contract tests: a plausible valid value for each schema,
 * and hostile variants of a call (one field at a time) for each class of bad input.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `/api/projects/{id}`. */
  path: string;
  params: Parameter[];
  /** The JSON body's schema; absent for calls without one (and for the multipart uploads). */
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
    >
  >;
}

export function operationsOf(doc: unknown): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries((doc as OpenApiDocument).paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/** Strings that satisfy the patterns and named fields of the product's schemas. */
const STRING_CANDIDATES = [
  '2026-01-15',
  'sweep@example.com',
  'Passw0rd1',
  '03-1234-5678',
  '104-0061',
  '1040061',
  '12:00',
  'ABC1234',
  '12345678',
  '12345678901',
  '1',
  'a',
  // Zengin bank and branch codes (four and three digits).
  '0001',
  '001',
];

function nameHint(name: string): string | undefined {
  if (/tel|phone|fax/i.test(name)) return '03-1234-5678';
  if (/mail/i.test(name)) return 'sweep@example.com';
  if (/postal|poscode|zip/i.test(name)) return '104-0061';
  if (/password/i.test(name)) return 'Passw0rd1';
  return undefined;
}

function sampleString(schema: JsonSchema, name: string): string {
  const fits = (v: string) =>
    (!schema.pattern || new RegExp(schema.pattern).test(v)) &&
    v.length >= (schema.minLength ?? 0) &&
    v.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  const hint = nameHint(name);
  if (hint && fits(hint)) return hint;
  if (schema.format === 'date-time') return '2026-01-15T00:00:00.000Z';
  if (!schema.pattern && /date|until|from$|to$/i.test(name) && fits('2026-01-15')) return '2026-01-15';
  // Plain text: a digit also reads as a number where a string carries one (volumes).
  if (!schema.pattern && fits('1')) return '1';
  const found = STRING_CANDIDATES.find(fits);
  if (found) return found;
  return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
}

/** The variant of a union to sample: the first that is not null. */
function mainVariant(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const numeric = variants.find((v) => v.type === 'number' || v.type === 'integer');
    return mainVariant(numeric ?? variants.find((v) => v.type !== 'null') ?? variants[0] ?? {});
  }
  if (schema.allOf?.length === 1 && schema.allOf[0]) return mainVariant(schema.allOf[0]);
  return schema;
}

/** A plausible valid value: required properties, smallest arrays, values at the schema's minimum. */
export function sampleValue(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const s = mainVariant(schema);
  if (s !== schema) return sampleValue(s, name);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleValue(s.properties?.[key] ?? {}, key);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sampleValue(s.items ?? {}, name));
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string':
      return sampleString(s, name);
    default:
      return 'a';
  }
}

/** The values each class of bad input sends for a field of this schema. */
export function hostileValues(schema: JsonSchema): unknown[] {
  const s = mainVariant(schema);
  const wrongType = [{ nested: true }, ['x']];
  switch (s.type) {
    case 'integer':
    case 'number':
      return [2147483648, -1, 1e20, 'x', 1.5, ...wrongType];
    case 'boolean':
      return ['x', 1, ...wrongType];
    case 'array':
    case 'object':
      return ['x', 12345];
    default:
      return [HOSTILE.nul, HOSTILE.loneSurrogate, HOSTILE.huge, HOSTILE.impossibleDate, 12345, ...wrongType];
  }
}

/** Text a user types freely (no list of values, no pattern or format): over its maximum it is `max_length_exceeded`. */
export function isFreeText(schema: JsonSchema): boolean {
  const s = mainVariant(schema);
  return s.type === 'string' && !s.enum && s.const === undefined && !s.pattern && !s.format;
}

/** A JSON text of arrays inside each other, `depth` deep: `[[[...]]]`. */
export const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

export const HOSTILE = {
  nul: 'a\u0000b',
  loneSurrogate: '\ud800x',
  huge: 'x'.repeat(100_000),
  impossibleDate: '2026-02-30',
};

/** Path and query values, written as they go on the wire (already percent-encoded). */
export const HOSTILE_PATH_IDS = [
  '0x7',
  '%207',
  '7.0',
  '7e0',
  '-7',
  '99999999999',
  '2147483648',
  '%00',
  '%ED%A0%80',
];
export function hostileQueryValues(schema: JsonSchema): string[] {
  const s = mainVariant(schema);
  const texts = ['a%00b', '%ED%A0%80x', 'x'.repeat(20_000), '2026-02-30', '2026-13-01'];
  if (s.type === 'integer' || s.type === 'number' || s.pattern === '^\\d{1,16}$')
    return ['2147483648', '-1', '1e20', 'x', '0x7', '7.0', '%207', '99999999999999999999'];
  return texts;
}

/** Every leaf of a body: its path (keys and array indexes) and schema, walking the sampled value's shape. */
export function leavesOf(
  schema: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema }[] {
  const s = mainVariant(schema);
  const here = { path, schema: s };
  if (s.type === 'object' && s.properties) {
    const inner = Object.entries(s.properties).flatMap(([key, prop]) => leavesOf(prop, [...path, key]));
    return path.length ? [here, ...inner] : inner;
  }
  if (s.type === 'array' && s.items) return [here, ...leavesOf(s.items, [...path, 0])];
  return [here];
}

/** A copy of `value` with `path` set (containers made as needed). */
export function withValueAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...value] : [];
    arr[head] = withValueAt(arr[head], rest, leaf);
    return arr;
  }
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (obj as Record<string, unknown>)[head] = withValueAt((obj as Record<string, unknown>)[head], rest, leaf);
  return obj;
}

const BOUNDARY = 'sweepBoundary';
const part = (headers: string, content: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${content}\r\n`;
const filePart = (name: string) =>
  part(
    `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf`,
    '%PDF-1.4\n%%EOF',
  );

/** Broken multipart bodies: content type and payload. */
export const BROKEN_MULTIPART: { label: string; contentType: string; payload: string }[] = [
  { label: 'no boundary', contentType: 'multipart/form-data', payload: 'x' },
  {
    label: 'boundary never appears',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: 'hello',
  },
  { label: 'empty body', contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: '' },
  {
    label: 'truncated',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc`,
  },
  {
    label: 'malformed part header',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nGarbage\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  {
    label: 'two files',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `${filePart('a.pdf')}${filePart('b.pdf')}--${BOUNDARY}--\r\n`,
  },
  {
    label: 'NUL in the file name',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `${filePart('a\u0000.pdf')}--${BOUNDARY}--\r\n`,
  },
  {
    label: 'field only, no file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `${part('Content-Disposition: form-data; name="note"', 'x')}--${BOUNDARY}--\r\n`,
  },
];
