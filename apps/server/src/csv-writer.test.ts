import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every CSV the product writes (day sheets, achievements, evidence-pack index and documents, any export to come)
 * goes through the one writer, `packages/shared/src/csv.ts` `toCsv`, which neutralises cells a spreadsheet would
 * run as formulas. A CSV for Excel cannot be written without a byte-order mark and doubled quotes, so those two
 * marks anywhere else in the apps' or the shared package's source mean a CSV written by hand, past the writer.
 */
const REPO = path.join(import.meta.dirname, '../../..');
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const WRITER = 'packages/shared/src/csv.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/** A byte-order mark, literal or escaped, and a doubled quote as a string of its own (quote escaping). */
const HAND_WRITTEN_CSV = [/\uFEFF/, /\\u\{?feff\}?/i, /(['"`])""\1/];

const files = ROOTS.flatMap(sourceFiles);
const text = (file: string) => readFileSync(path.join(REPO, file), 'utf8');

describe('CSV exports', () => {
  it('are found, each calling the writer', () => {
    const writers = files.filter((f) => /\btoCsv\(/.test(text(f)) && f !== WRITER);
    expect(writers).toEqual(
      expect.arrayContaining([
        'apps/server/src/features/collection-schedules/day-sheet-document.ts',
        'apps/server/src/features/evidence-packs/evidence-pack-documents.ts',
        'apps/web/src/features/achievements/achievement-csv.ts',
      ]),
    );
  });

  it('never write a byte-order mark or double quotes outside the writer', () => {
    const handWritten = files.filter((f) => f !== WRITER && HAND_WRITTEN_CSV.some((re) => re.test(text(f))));
    expect(handWritten).toEqual([]);
    // The patterns do find the writer's own marks.
    expect(HAND_WRITTEN_CSV.slice(1).every((re) => re.test(text(WRITER)))).toBe(true);
  });
});
