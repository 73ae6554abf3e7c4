import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * A response serializer compiled once from the route's zod schema, for hot reads whose answers the server builds
 * itself field by field (the project list). Like the zod serializer it writes only the schema's properties (an
 * extra field never leaks), but it skips validating each answer, about a tenth of such a route's time.
 *
 * It copies the schema's properties into a new value and writes that with `JSON.stringify`. The bench's CPU
 * profiles showed why it does not use fast-json-stringify: its answer is a string joined from thousands of
 * pieces, which the socket write then has to flatten and encode (about a tenth of the project page's time, more
 * than the serializing itself), and its nullable objects ran a schema validator per value; `JSON.stringify` writes
 * one flat string.
 *
 * Where the schema wants text, a number, a boolean or null, an object or array found there is refused (an Error,
 * answered 500): it could carry fields no schema names. Only a value the schema leaves open (`z.unknown()`) is
 * written as it is. A schema this cannot copy by (a union of two shapes, a tuple) is refused when the route is
 * compiled.
 */
export function fastSerializerFor(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
  const copy = copierOf(json as JsonSchema, json as JsonSchema, '$');
  return (data) => JSON.stringify(copy(data));
}

/** As a route's `serializerCompiler`: each status code's schema through `fastSerializerFor`. */
export function fastSerializerCompiler<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  return fastSerializerFor(route.schema as unknown as z.ZodType);
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  const?: unknown;
  enum?: unknown[];
}

type Copy = (value: unknown) => unknown;

const isNullSchema = (s: JsonSchema) => s.type === 'null' || (s.const === null && !s.type);

function unsupported(path: string, why: string): never {
  throw new Error(`fast serializer: ${path}: ${why}`);
}

/** A copier for one schema: a new value holding only what the schema names, made once per route. */
function copierOf(schema: JsonSchema, root: JsonSchema, path: string): Copy {
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/definitions\//, '');
    const target = root.definitions?.[name];
    if (!target || schema.$ref === '#') unsupported(path, `reference ${schema.$ref}`);
    return copierOf(target, root, path);
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const shapes = union.filter((s) => !isNullSchema(s));
    if (shapes.length !== 1) unsupported(path, 'a union of several shapes');
    const inner = copierOf(shapes[0]!, root, path);
    return shapes.length < union.length ? (v) => (v === null ? null : inner(v)) : inner;
  }
  if (schema.allOf) unsupported(path, 'an intersection');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null');
  const kinds = types.filter((t) => t !== 'null');
  const structured = kinds.filter((t) => t === 'object' || t === 'array');
  if (structured.length > 0 && kinds.length > 1) unsupported(path, `several types (${kinds.join(', ')})`);
  let copy: Copy;
  if (structured[0] === 'object') copy = objectCopier(schema, root, path);
  else if (structured[0] === 'array') {
    if (!schema.items || Array.isArray(schema.items)) unsupported(path, 'an array without one item schema');
    const item = copierOf(schema.items, root, `${path}[]`);
    copy = (v) => {
      if (!Array.isArray(v)) fail(path, 'is not an array');
      return v.map(item);
    };
  } else if (kinds.length > 0 || schema.enum || 'const' in schema) copy = scalar(path);
  else if (Object.keys(schema).every((k) => k === '$schema'))
    copy = (v) => v; // `{}`: the schema takes any value
  else unsupported(path, 'a schema without a type');
  return nullable ? (v) => (v === null ? null : copy(v)) : copy;
}

/** An answer that does not fit its schema: a programming error, answered 500 (never written with what it holds). */
function fail(path: string, why: string): never {
  throw new Error(`fast serializer: ${path} ${why}`);
}

/** Text, numbers, booleans, enums and constants are written as they are: never an object in their place. */
const isScalar = (v: unknown) => typeof v !== 'object' || v === null || v instanceof Date;
const scalar =
  (path: string): Copy =>
  (v) =>
    isScalar(v) ? v : fail(path, 'holds an object where the schema has a value');

/**
 * An object's named properties (absent ones stay absent), or a record's entries each through its value schema.
 * The copy of named properties is one generated function per object schema, so that V8 sees one fixed sequence of
 * property reads and writes (a loop over the properties cost as much as the writing of the answer); the names come
 * from the route's schema, written as string literals.
 */
function objectCopier(schema: JsonSchema, root: JsonSchema, path: string): Copy {
  const rest = schema.additionalProperties;
  if (rest === true) unsupported(path, 'an object open to any field');
  const notObject = (v: unknown) =>
    typeof v !== 'object' || v === null || Array.isArray(v) ? fail(path, 'is not an object') : false;
  if (rest && typeof rest === 'object') {
    if (schema.properties && Object.keys(schema.properties).length > 0)
      unsupported(path, 'named properties and a record together');
    const value = copierOf(rest, root, `${path}.*`);
    return (v) => {
      notObject(v);
      const from = v as Record<string, unknown>;
      // A record's keys are data: written into an object without a prototype, `__proto__` stays a key.
      const out: Record<string, unknown> = Object.create(null);
      for (const key of Object.keys(from)) if (from[key] !== undefined) out[key] = value(from[key]);
      return out;
    };
  }
  const entries = Object.entries(schema.properties ?? {});
  const copies = entries.map(([key, sub]) => copierOf(sub, root, `${path}.${key}`));
  const body = entries
    .map(([key], i) => {
      const name = JSON.stringify(key);
      return `x = v[${name}]; if (x !== undefined) o[${name}] = c[${i}](x);`;
    })
    .join('\n');
  const copyFields = new Function('c', `return (v) => { const o = {}; let x;\n${body}\nreturn o; };`)(
    copies,
  ) as Copy;
  return (v) => (notObject(v) ? undefined : copyFields(v));
}
