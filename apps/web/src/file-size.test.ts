import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every component and page stays short enough to read at once: a dialog, a drawer, a table or a form section
 * goes to its own file in the feature's `components/`, its rules to a tested `*-values.ts`. No exceptions.
 */
const MAX_LINES = 300;
const SRC = import.meta.dirname;
const FOLDERS = ['features', 'components', 'app'].map((dir) => join(SRC, dir));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Lines as an editor numbers them: a final newline ends the last line, it does not start another. */
const lineCount = (text: string) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** `path: lines` of each file longer than `max`. */
function overLong(files: readonly { path: string; text: string }[], max = MAX_LINES): string[] {
  return files.flatMap(({ path, text }) => {
    const lines = lineCount(text);
    return lines > max ? [`${path}: ${lines}`] : [];
  });
}

describe('file size', () => {
  it('counts lines as an editor does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\n\n')).toBe(2);
  });

  it('names a file over the cap, and not one at it', () => {
    const lines = (n: number) => 'x\n'.repeat(n);
    expect(
      overLong([
        { path: 'at.tsx', text: lines(MAX_LINES) },
        { path: 'over.tsx', text: lines(MAX_LINES + 1) },
      ]),
    ).toEqual([`over.tsx: ${MAX_LINES + 1}`]);
  });

  it(`keeps every .tsx file of features/, components/ and app/ at ${MAX_LINES} lines or fewer`, () => {
    const files = FOLDERS.flatMap(tsxFiles).map((path) => ({
      path: relative(SRC, path),
      text: readFileSync(path, 'utf8'),
    }));
    // The scan must see the app's components, or it would pass on nothing.
    expect(files.length).toBeGreaterThan(100);
    expect(overLong(files)).toEqual([]);
  });
});
