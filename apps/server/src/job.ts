/**
 * `npm run job -- <name>`: runs one scheduled job now, once, in this process, against the configured database
 * (DATA_DIR / DATABASE_URL, as the server reads them), recorded as a manual run. The jobs are idempotent as their
 * schedule is (each reminder, notice or deletion is claimed once), so a run beside the schedule doubles nothing.
 * `npm run job -- list`: each job with its schedule, last run and next run (Japan time, business clock).
 * With the embedded database, stop the server first: PGlite belongs to one process (or use POST
 * /api/admin/jobs/{name}/run, which the running server works).
 */
import { describeSchedule, SCHEDULED_JOBS } from '@junkan/shared/rules/scheduled-jobs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { prepareStartup } from './startup';

/** A line of output (this is a command, not the server: its output is for the operator, not the log). */
const say = (line: string) => process.stdout.write(`${line}\n`);

const japanTime = (iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Tokyo',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(iso))
    : '-';

async function main(args: string[]): Promise<number> {
  const [command] = args;
  if (!command || command === '--help' || command === '-h') {
    say('usage: npm run job -- <name> | list\n\njobs:');
    for (const j of SCHEDULED_JOBS)
      say(`  ${j.name.padEnd(28)}${describeSchedule(j.schedule).padEnd(16)}${j.description}`);
    return command ? 0 : 2;
  }
  if (command !== 'list' && !SCHEDULED_JOBS.some((j) => j.name === command)) {
    process.stderr.write(`no scheduled job ${command}: npm run job -- list\n`);
    return 2;
  }
  const loaded = loadConfig();
  // The same database, migrations and business clock as the server; this process works no queue of its own.
  const { database, config, now } = await prepareStartup({ ...loaded, seedDemo: false });
  const app = await buildApp({ ...config, jobs: { ...config.jobs, work: false } }, database, {
    now,
    logger: { level: config.logLevel === 'info' ? 'warn' : config.logLevel },
  });
  try {
    await app.ready();
    if (command === 'list') {
      const { businessNow, jobs } = await app.jobs.scheduler.list();
      say(`business clock: ${japanTime(businessNow.toISOString())} (Japan time)\n`);
      say(`${'job'.padEnd(28)}${'schedule'.padEnd(16)}${'last run'.padEnd(30)}next run`);
      for (const j of jobs) {
        const last = j.lastRun
          ? `${j.lastRun.status} ${japanTime(j.lastRun.finishedAt ?? j.lastRun.startedAt ?? j.lastRun.queuedAt)}`
          : 'never';
        say(`${j.name.padEnd(28)}${j.scheduleText.padEnd(16)}${last.padEnd(30)}${japanTime(j.nextRunAt)}`);
        for (const f of j.recentFailures.slice(0, 1))
          say(`${''.padEnd(44)}last failure ${japanTime(f.queuedAt)}: ${f.error ?? ''}`);
      }
      return 0;
    }
    const run = await app.jobs.scheduler.runHere(command);
    const took =
      run.startedAt && run.finishedAt ? ` in ${run.finishedAt.getTime() - run.startedAt.getTime()} ms` : '';
    say(`${command}: ${run.status}${took}${run.error ? `: ${run.error}` : ''}`);
    return run.status === 'SUCCEEDED' ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
