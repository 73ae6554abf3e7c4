import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { offsetOf } from './paging';

const SRC = path.join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the page offset', () => {
  it('skips the pages before the one asked for', () => {
    expect(offsetOf({ page: 1, size: 50 })).toBe(0);
    expect(offsetOf({ page: 3, size: 20 })).toBe(40);
  });

  it('is computed by offsetOf alone: no list works it out by hand', () => {
    const byHand = sourceFiles(SRC)
      .filter((file) => !file.endsWith(path.join('lib', 'paging.ts')))
      .filter((file) => /\bpage\s*-\s*1\)?\s*\*/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(byHand).toEqual([]);
  });
});
