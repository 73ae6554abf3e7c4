import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server): the nearest one up with a package.json, so the same code finds the
 * migrations and the web build from the sources (src/lib/) and from the compiled bundle (dist/main.js) alike.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('the server package folder (with its package.json) was not found');
    dir = up;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
/** Drizzle's SQL migrations and their journal. */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
