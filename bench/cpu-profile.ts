/**
 * Sums V8 CPU profiles (`node --cpu-prof`, or `BENCH_CPU_PROF=<folder> npm run bench:http`): the self time by
 * package or source folder, then the top functions.
 * `tsx bench/cpu-profile.ts [--from <seconds>] <folder or .cpuprofile files>`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `--from <seconds>`: samples before then (the start-up) are left out. */
const fromIndex = process.argv.indexOf('--from');
const FROM_US = fromIndex > 0 ? Number(process.argv[fromIndex + 1]) * 1e6 : 0;
const args = process.argv.slice(2).filter((_, i, all) => all[i - 1] !== '--from' && all[i] !== '--from');
const files = args.flatMap((arg) =>
  statSync(arg).isDirectory()
    ? readdirSync(arg)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(arg, f))
    : [arg],
);

/** `node_modules/<package>` or the repository folder a frame's code is in. */
function areaOf(url: string): string {
  if (!url) return '(native / idle / GC)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  if (url.startsWith('node:')) return 'node (built-in)';
  const match = url.match(/(apps\/[^/]+\/src\/[^/]+(?:\/[^/]+)?|packages\/[^/]+\/src)/);
  return match?.[1] ?? url;
}

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const dt = profile.timeDeltas[i] ?? 0;
    elapsed += dt;
    if (!node || elapsed < FROM_US) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') return;
    total += dt;
    const area = areaOf(url);
    byArea.set(area, (byArea.get(area) ?? 0) + dt);
    const key = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
  });
}

const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) =>
        `${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    );

const out = (text: string) => process.stdout.write(`${text}\n`);
out(`${files.length} profile(s), ${(total / 1000).toFixed(0)} ms busy\n\nBy area (self time):`);
out(top(byArea, 25).join('\n'));
out('\nTop functions (self time):');
out(top(byFunction, 40).join('\n'));
