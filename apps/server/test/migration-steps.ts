import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The SQL migrations run one by one, as the start-up does, so a test can write rows of an earlier schema between
 * two of them: `runMigrationsBefore(db, '0027')`, insert, then `runMigration(db, '0027')`.
 */
const folder = fileURLToPath(new URL('../drizzle', import.meta.url));
const files = readdirSync(folder)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();

async function run(db: PGlite, file: string) {
  for (const statement of readFileSync(`${folder}/${file}`, 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}

/** Every migration numbered below `number` (four digits). */
export async function runMigrationsBefore(db: PGlite, number: string) {
  for (const file of files.filter((f) => f < number)) await run(db, file);
}

/** The migration numbered `number`. */
export async function runMigration(db: PGlite, number: string) {
  for (const file of files.filter((f) => f.startsWith(`${number}_`))) await run(db, file);
}
