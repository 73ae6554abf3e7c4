/**
 * The plan of an evidence pack: every file it holds, in the order it is written, with where it goes in the ZIP and
 * what the index says of it. Per project its agreed contract's stored documents, one CSV per manifest and per
 * completion report, its monthly regular reports; then the permit copies in force. The records come from
 * evidence-pack-records.ts; turning them into files is plain data, below.
 */
import { latestDate, RETENTION_LAST_DATE, retentionUntil } from '@junkan/shared/rules/retention';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import { fileNameStem } from '../../lib/downloads';
import { tokyoDate } from '../../lib/time';
import {
  monthKey,
  type PackItem,
  type PackPlan,
  type PackProject,
  type PackRow,
  packProjects,
  type Scope,
  scopeOf,
} from './evidence-pack-contents';
import { type PackRecords, type PermitInForce, packRecords, permitsInForce } from './evidence-pack-records';

const japanDate = (d: Date | null) => (d ? tokyoDate(d) : null);

/** `P12_倉庫 廃プラスチック類`: the project's folder (its id keeps it unique, its title says what it is). */
function projectFolder(project: Pick<PackProject, 'id' | 'title'>): string {
  const stem = fileNameStem(project.title, 24, '');
  return stem ? `P${project.id}_${stem}` : `P${project.id}`;
}

/** Hands out paths not used yet: a second file of the same name gets `_2` before its extension. */
function uniquePaths() {
  const paths = new Set<string>();
  return (path: string) => {
    let candidate = path;
    for (let n = 2; paths.has(candidate); n++) candidate = path.replace(/(\.[^./]+)?$/, `_${n}$1`);
    paths.add(candidate);
    return candidate;
  };
}

/** A project's files: its contract's documents, then its manifests, its reports and its monthly reports. */
function projectItems(
  project: PackProject,
  records: PackRecords,
  s: Scope,
  uniquePath: (path: string) => string,
): PackItem[] {
  const items: PackItem[] = [];
  const folder = projectFolder(project);
  // The agreed contract (one per project; were there two, the last read).
  const contract = records.contractRows.findLast((c) => c.projectId === project.id);
  if (contract) {
    const keptUntil = retentionUntil(
      RETENTION_LAST_DATE.contract({ endDate: contract.endDate, updatedOn: tokyoDate(contract.updatedAt) }),
    );
    for (const f of records.contractFiles.filter((f) => f.ownerId === contract.id))
      items.push({
        path: uniquePath(`contracts/${folder}/${fileNameStem(f.fileName, 80, 'contract.pdf')}`),
        kind: 'CONTRACT_DOCUMENT',
        project,
        number: contract.name,
        date: `${contract.startDate}〜${contract.endDate}`,
        keptUntil,
        source: { type: 'stored', ref: { driver: f.storageDriver, key: f.storageKey } },
      });
  }
  for (const m of records.manifestRows.filter((m) => m.projectId === project.id)) {
    const createdOn = tokyoDate(m.createdAt);
    items.push({
      path: uniquePath(`manifests/${folder}/${m.manifestNumber}.csv`),
      kind: 'MANIFEST',
      project,
      number: m.manifestNumber,
      date: m.deliveryDate ?? createdOn,
      keptUntil: retentionUntil(RETENTION_LAST_DATE.manifest({ ...m, createdOn })),
      source: { type: 'manifest', id: m.id },
    });
  }
  for (const r of records.reportRows.filter((r) => r.projectId === project.id))
    items.push({
      path: uniquePath(`reports/${folder}/R${r.id}${r.manifestNumber ? `_${r.manifestNumber}` : ''}.csv`),
      kind: 'TRANSPORT_REPORT',
      project,
      number: r.manifestNumber ?? `R${r.id}`,
      date: r.endDateTransport,
      keptUntil: retentionUntil(
        RETENTION_LAST_DATE.transportReport({
          ...r,
          updatedOn: tokyoDate(r.updatedAt),
          deletedOn: japanDate(r.deletedAt),
        }),
      ),
      source: { type: 'report', id: r.id },
    });
  const regular = records.regularRows.filter((r) => r.projectId === project.id);
  if (regular.length) {
    const ym = (r: (typeof regular)[number]) => `${r.year}-${String(r.month).padStart(2, '0')}`;
    const first = regular[0]!;
    const last = regular[regular.length - 1]!;
    const lastDate = latestDate(
      ...regular.map((r) => RETENTION_LAST_DATE.regularReport({ ...r, updatedOn: tokyoDate(r.updatedAt) })),
    )!;
    items.push({
      path: uniquePath(`reports/${folder}/regular-monthly-reports.csv`),
      kind: 'REGULAR_REPORTS',
      project,
      number: ym(first) === ym(last) ? ym(first) : `${ym(first)}〜${ym(last)}`,
      date: ym(last),
      keptUntil: retentionUntil(lastDate),
      source: {
        type: 'regular',
        projectId: project.id,
        fromMonth: s.from ? monthKey(s.from) : null,
        toMonth: s.to ? monthKey(s.to) : null,
      },
    });
  }
  return items;
}

/**
 * Whose permits the pack holds, and for when: the packed contracts' transporters (a transporter: its own), each
 * over its contracts' periods within the pack's period (a project's pack: its contract period).
 */
function permitWindows(
  contractRows: PackRecords['contractRows'],
  s: Scope,
): Map<number, { from: string; to: string }> {
  const windows = new Map<number, { from: string; to: string }>();
  // Dates as YYYY-MM-DD text: the earliest sorts first.
  const earliest = (...dates: string[]) => [...dates].sort()[0]!;
  for (const c of contractRows) {
    const from = latestDate(c.startDate, s.from)!;
    const to = s.to ? earliest(c.endDate, s.to) : c.endDate;
    const w = windows.get(c.transportCompanyId);
    windows.set(c.transportCompanyId, {
      from: w ? earliest(w.from, from) : from,
      to: w ? latestDate(w.to, to)! : to,
    });
  }
  return windows;
}

function permitItem(p: PermitInForce, uniquePath: (path: string) => string): PackItem {
  return {
    path: uniquePath(`contracts/permits/${fileNameStem(`${p.licenseNumber}_${p.id}`, 60, 'permit')}.pdf`),
    kind: 'PERMIT',
    project: null,
    number: p.licenseNumber,
    date: `${p.issueDate}〜${p.expiryDate}`,
    keptUntil: retentionUntil(
      RETENTION_LAST_DATE.permit({
        expiryDate: p.expiryDate,
        retiredOn: japanDate(p.retiredAt),
        updatedOn: tokyoDate(p.updatedAt),
      }),
    ),
    source: { type: 'stored', ref: { driver: p.storageDriver, key: p.storageKey } },
  };
}

/** Everything a pack holds, in the order it is written: per project its contract, manifests and reports; then permits. */
export async function planEvidencePack(db: DbOrTx, pack: PackRow): Promise<PackPlan> {
  const s = scopeOf(pack);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, pack.companyId));
  const companyName = company?.name ?? '';
  const projectList = await packProjects(db, pack);
  const ids = projectList.map((p) => p.id);
  if (ids.length === 0) return { companyName, projects: [], items: [] };

  const records = await packRecords(db, s, ids);
  const uniquePath = uniquePaths();
  const items = projectList.flatMap((project) => projectItems(project, records, s, uniquePath));
  for (const [transportCompanyId, w] of permitWindows(records.contractRows, s))
    for (const p of await permitsInForce(db, transportCompanyId, w)) items.push(permitItem(p, uniquePath));
  return { companyName, projects: projectList, items };
}
