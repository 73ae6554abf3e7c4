import { rmSync } from 'node:fs';
import { DATA_DIR_ENV, MAIL_DIR_ENV } from './env';

/** Leaves nothing behind: the run's database folder and mail folder go. */
export default function globalTeardown(): void {
  for (const name of [DATA_DIR_ENV, MAIL_DIR_ENV]) {
    const dir = process.env[name];
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
