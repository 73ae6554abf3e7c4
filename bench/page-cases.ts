/**
 * The main pages measured in Chromium (pages.ts): a PGlite server with the demo data and the extra projects, each
 * page's demo user signed in through the API, and the page cases (a demo project awaiting a contract is looked up
 * for the contract-create page).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo';
import { DISCHARGER, EXTRA_PROJECTS, prepareDatabase } from './databases';
import { onCleanUp, out, startChild, waitReady } from './harness';
import { CPU_THROTTLE, measurePageLoads, type PageCase, type PageResult, RUNS } from './pages';

const TRANSPORTER = 'transporter@example.com';
/** Transporters whose demo projects may await a contract, searched in this order for the contract-create page. */
const CONTRACT_WRITERS = [TRANSPORTER, 'platform@example.com'];

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A demo project (not one of the bench's extra ones) whose contract this transporter may write now. */
async function projectAwaitingContract(base: string, token: string): Promise<number | null> {
  const auth = { authorization: `Bearer ${token}` };
  for (let page = 1; page <= 20; page++) {
    const res = await fetch(`${base}/api/trans/projects?tab=PRE_CONTRACT&page=${page}&size=50`, {
      headers: auth,
    });
    if (!res.ok) throw new Error(`GET /api/trans/projects answered ${res.status}: ${await res.text()}`);
    const { items } = (await res.json()) as {
      items: Array<{ id: number; projectStatus: string; projectTitle: string }>;
    };
    const found = items.find(
      (p) => p.projectStatus === 'CREATING_CONTRACT' && !p.projectTitle.startsWith('ベンチ案件'),
    );
    if (found) return found.id;
    if (items.length < 50) break;
  }
  return null;
}

/** period=monthly&year=…&month=… of the month before this one in Japan time. */
function lastMonthParams(): string {
  const japan = new Date(Date.now() + 9 * 3_600_000);
  const lastMonth = new Date(Date.UTC(japan.getUTCFullYear(), japan.getUTCMonth() - 1, 1));
  return `period=monthly&year=${lastMonth.getUTCFullYear()}&month=${lastMonth.getUTCMonth() + 1}`;
}

/** The main pages in Chromium on a PGlite server with the demo data and the extra projects. */
export async function benchPages(distDir: string): Promise<PageResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'junkan-bench-pages-'));
  onCleanUp(async () => rmSync(dataDir, { recursive: true, force: true }));
  out(`\n[pages] seeding demo data + ${EXTRA_PROJECTS} projects…`);
  await prepareDatabase({ dataDir });
  const server = await startChild('junkan/pages', 'apps/server/dist/main.js', {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOGIN_RATE_LIMIT_MAX: '1000',
    SMTP_URL: '',
  });
  await waitReady(server, '/api/docs/json');
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    let token = tokens.get(email);
    if (!token) {
      token = await login(server.base, email);
      tokens.set(email, token);
    }
    return token;
  };
  let contract: { user: string; project: number } | undefined;
  for (const user of CONTRACT_WRITERS) {
    const project = await projectAwaitingContract(server.base, await tokenOf(user));
    if (project !== null) {
      contract = { user, project };
      break;
    }
  }
  if (!contract)
    throw new Error(`none of ${CONTRACT_WRITERS.join(', ')} has a demo project awaiting a contract`);
  const cases: PageCase[] = [
    { name: 'login', path: 'login', user: null, ready: 'form button[type=submit]' },
    { name: 'home', path: 'home', user: DISCHARGER, ready: '[data-testid=home-projects] .ant-table-row' },
    {
      name: 'achievements',
      // Last month: the demo's reports cover the six months before this one.
      path: `achievements?${lastMonthParams()}`,
      user: TRANSPORTER,
      ready: '[data-testid=achievement-list] .ant-table-row',
    },
    {
      name: 'project list',
      path: 'project-managment',
      user: DISCHARGER,
      ready: '[data-testid=project-list] .ant-table-row',
    },
    {
      name: 'contract create',
      path: `contract-create/${contract.project}`,
      user: contract.user,
      ready: '[data-testid=contract-save]',
    },
  ];
  out(`[pages] ${RUNS} cold runs per page at ${CPU_THROTTLE}x CPU throttling…`);
  const results = await measurePageLoads({ origin: server.base, distDir, cases, tokenOf, log: out });
  await server.stop();
  return results;
}
