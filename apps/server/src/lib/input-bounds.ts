import { hasInvalidCharacters } from '@junkan/shared/field-rules';

/**
 * The most any JSON the product reads from a client may be: a JSON body, and a multipart call's `data` field.
 * The largest real body (a registration with 200 discharge sites, an area with 500 postal codes) nests 4 deep
 * and holds a few thousand values; property names are field names. The bounds are read from the text before it
 * is parsed, and nothing after walks the value recursively.
 */
export const JSON_BOUNDS = {
  /** Bytes of the text: Fastify's body limit, and the `data` field's. */
  bytes: 1024 * 1024,
  /** Objects and arrays inside each other. */
  depth: 32,
  /** Values of every array and object together. */
  values: 20_000,
  /** Characters of a property name (as written, escapes included). */
  keyLength: 256,
} as const;

type Bound = 'depth' | 'values' | 'keyLength';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * Which bound a JSON text passes (`JSON_BOUNDS`), or null: one pass over the characters, no recursion, before
 * the parser builds anything. Text that is not JSON is left for the parser to refuse.
 */
export function jsonBeyondBounds(text: string): Bound | null {
  let depth = 0;
  let values = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i++; i < n; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
      // A property name is a string followed by a colon.
      let next = i + 1;
      while (next < n && isSpace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) === COLON && i - start - 1 > JSON_BOUNDS.keyLength) return 'keyLength';
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > JSON_BOUNDS.depth) return 'depth';
      if (++values > JSON_BOUNDS.values) return 'values';
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    } else if (c === COMMA) {
      if (++values > JSON_BOUNDS.values) return 'values';
    }
  }
  return null;
}

/**
 * The path (`items.0.name`) of the first string, or object key, holding NUL or a lone surrogate; else null.
 * Walked with a stack of its own, so no depth of input can exhaust the call stack.
 */
export function findInvalidText(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      if (hasInvalidCharacters(item)) return path || '_';
      continue;
    }
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    const entries = Object.entries(item);
    // Pushed last to first, so the first key is looked at first.
    for (let k = entries.length - 1; k >= 0; k--) {
      const [key, child] = entries[k]!;
      const childPath = path ? `${path}.${key}` : key;
      stack.push({ value: child, path: childPath });
    }
    for (const [key] of entries) if (hasInvalidCharacters(key)) return path ? `${path}.${key}` : key;
  }
  return null;
}
