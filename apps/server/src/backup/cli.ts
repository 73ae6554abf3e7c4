/**
 * `npm run backup [-- --out <file>]` and `npm run restore -- <archive> [--force]`, with the server stopped: the
 * embedded database (DATA_DIR) and the stored files, as README "Backups" describes. Reads DATA_DIR,
 * FILE_STORAGE_DIR and DATABASE_URL from the environment and `.env`, as `npm start` does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { machineClock } from '../lib/clock';
import { SERVER_ROOT } from '../lib/server-root';
import { BackupRefused, createBackup } from './backup';
import { restoreBackup } from './restore';

// The repository's root (its .env), from the server package's folder: the same from the sources and the build.
const root = path.resolve(SERVER_ROOT, '../..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const USAGE = 'usage: npm run backup [-- --out <file.zip>]\n       npm run restore -- <file.zip> [--force]';

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  // Paths typed on the command line are the caller's, not the repository root npm runs scripts in.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const config = loadConfig();
  const paths = {
    dataDir: config.dataDir,
    filesDir: config.fileStorage.dir ?? path.join(config.dataDir, 'files'),
    databaseUrl: config.databaseUrl,
  };
  if (command === 'backup' && positionals.length === 0) {
    const stamp = machineClock().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const out = path.resolve(cwd, values.out ?? path.join('backups', `junkan-${stamp}.zip`));
    const manifest = await createBackup({ ...paths, out });
    const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
    console.info(
      `Backed up ${paths.dataDir} to ${out}: ${Object.keys(manifest.rowCounts).length} tables, ${rows} rows, ` +
        `${manifest.databaseFiles.length} files in the database, ` +
        `${manifest.entries.filter((e) => e.path.startsWith('files/')).length} in ${paths.filesDir}, ` +
        `migrations ${manifest.migrations.applied} (${manifest.migrations.last}).`,
    );
    if (manifest.s3Files > 0)
      console.warn(
        `${manifest.s3Files} files are kept in the S3 bucket and are not in the archive: back the bucket up ` +
          '(versioning, or a copy of it) as README "Backups" says.',
      );
    return;
  }
  if (command === 'restore' && positionals.length === 1) {
    const archive = path.resolve(cwd, positionals[0]!);
    const { manifest, setAside } = await restoreBackup(archive, { ...paths, force: values.force });
    console.info(
      `Restored ${archive} (made ${manifest.createdAt}) into ${paths.dataDir}: row counts and ` +
        `${manifest.entries.length + manifest.databaseFiles.length} hashes checked.`,
    );
    for (const dir of setAside) console.info(`The folder replaced is kept at ${dir}: delete it when done.`);
    return;
  }
  console.error(USAGE);
  process.exitCode = 2;
}

try {
  await main();
} catch (error) {
  if (error instanceof BackupRefused) {
    console.error(`Refused: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
}
