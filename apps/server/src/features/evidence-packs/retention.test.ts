/**
 * Retention: manifests, completion reports (industrial and monthly regular), contracts and permits are never
 * deleted within five years of their last date. No call of the product deletes one (reports are deleted by a
 * mark, permits retired, contracts ended, manifests only updated); the database refuses any delete that would,
 * from any path (a cascade from a project or a company included), and the server answers it 409
 * `retention_period_until` with the day. These tests hold the database's rule to the shared one.
 */
import { RETENTION_LAST_DATE, retentionUntil } from '@junkan/shared/rules/retention';
import { and, eq, isNotNull } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyId } from '../../../test/fixtures/demo-data';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  companies,
  contracts,
  manifests,
  permits,
  projects,
  regularReports,
  transportReports,
} from '../../db/schema';
import { retentionRefusalUntil } from '../../lib/db-errors';
import { tokyoDate } from '../../lib/time';
import { registerErrorHandler } from '../../plugins/error-handler';

let t: TestContext;
let industrialId: number;
let toto: number;

/** The day the database said a delete must wait for; fails when the delete went through. */
async function refusedUntil(remove: () => Promise<unknown>): Promise<string> {
  try {
    await remove();
  } catch (error) {
    const until = retentionRefusalUntil(error);
    if (until === null) throw error;
    return until;
  }
  throw new Error('the delete went through');
}

beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.db
    .select()
    .from(projects)
    .where(eq(projects.title, '本社倉庫 廃プラスチック類 収集運搬'));
  industrialId = p!.id;
  toto = await companyId(t.db, '東都環境サービス株式会社');
  await t.db.insert(manifests).values({
    manifestNumber: '82000000001',
    projectId: industrialId,
    dischargerCompanyId: p!.companyId,
    transportCompanyId: toto,
    deliveryDate: tokyoDate(new Date()),
    // Ahead of its creation: the final disposal is reported later than the manifest is written.
    finalDisposalEndDate: '2027-03-31',
  });
  await t.db.insert(permits).values({
    companyId: toto,
    districtCode: '13',
    licenseNumber: '01300888001',
    kind: 'COLLECTION_TRANSPORT',
    issueDate: '2024-04-01',
    expiryDate: '2029-03-31',
    wasteKindIds: [],
  });
});

afterAll(() => t?.close());

describe('the database refuses deleting a record within five years of its last date', () => {
  it('a manifest: until five years after its latest phase date', async () => {
    const [m] = await t.db.select().from(manifests).where(eq(manifests.manifestNumber, '82000000001'));
    const until = await refusedUntil(() => t.db.delete(manifests).where(eq(manifests.id, m!.id)));
    expect(until).toBe('2032-03-31');
    expect(until).toBe(
      retentionUntil(RETENTION_LAST_DATE.manifest({ ...m!, createdOn: tokyoDate(m!.createdAt) })),
    );
  });

  it('a completion report, even one deleted by its mark', async () => {
    const [r] = await t.db
      .select()
      .from(transportReports)
      .where(eq(transportReports.projectId, industrialId))
      .limit(1);
    await t.db.update(transportReports).set({ deletedAt: new Date() }).where(eq(transportReports.id, r!.id));
    const [row] = await t.db.select().from(transportReports).where(eq(transportReports.id, r!.id));
    const until = await refusedUntil(() =>
      t.db.delete(transportReports).where(eq(transportReports.id, r!.id)),
    );
    expect(until).toBe(
      retentionUntil(
        RETENTION_LAST_DATE.transportReport({
          ...row!,
          updatedOn: tokyoDate(row!.updatedAt),
          deletedOn: tokyoDate(row!.deletedAt!),
        }),
      ),
    );
    expect(until).toBe(retentionUntil(tokyoDate(new Date())));
  });

  it('a monthly regular report, from its month’s last day', async () => {
    const [r] = await t.db.select().from(regularReports).limit(1);
    const until = await refusedUntil(() => t.db.delete(regularReports).where(eq(regularReports.id, r!.id)));
    expect(until).toBe(
      retentionUntil(RETENTION_LAST_DATE.regularReport({ ...r!, updatedOn: tokyoDate(r!.updatedAt) })),
    );
  });

  it('a contract, from its end date', async () => {
    const [c] = await t.db.select().from(contracts).where(eq(contracts.projectId, industrialId));
    const until = await refusedUntil(() => t.db.delete(contracts).where(eq(contracts.id, c!.id)));
    expect(until).toBe(retentionUntil(c!.endDate));
  });

  it('a permit, from its expiry date', async () => {
    const [p] = await t.db.select().from(permits).where(eq(permits.licenseNumber, '01300888001'));
    expect(await refusedUntil(() => t.db.delete(permits).where(eq(permits.id, p!.id)))).toBe('2034-03-31');
  });

  it('lets a record go once its five years are over', async () => {
    const [p] = await t.db
      .insert(permits)
      .values({
        companyId: toto,
        districtCode: '13',
        licenseNumber: '01300888002',
        kind: 'COLLECTION_TRANSPORT',
        issueDate: '2012-04-01',
        expiryDate: '2017-03-31',
        retiredAt: new Date('2017-04-01T00:00:00+09:00'),
        updatedAt: new Date('2017-04-01T00:00:00+09:00'),
        wasteKindIds: [],
      })
      .returning();
    const gone = await t.db.delete(permits).where(eq(permits.id, p!.id)).returning({ id: permits.id });
    expect(gone).toHaveLength(1);
  });
});

describe('cascades and parents', () => {
  it("refuses deleting a project whose contract would go with it (the contract's cascade)", async () => {
    const [c] = await t.db.select().from(contracts).where(eq(contracts.projectId, industrialId));
    const until = await refusedUntil(() => t.db.delete(projects).where(eq(projects.id, industrialId)));
    expect(until).toBe(retentionUntil(c!.endDate));
    expect(await t.db.select().from(contracts).where(eq(contracts.id, c!.id))).toHaveLength(1);
  });

  it('refuses deleting a company holding them: its projects, reports and permits stay', async () => {
    await expect(t.db.delete(companies).where(eq(companies.id, toto))).rejects.toThrow();
    const kept = await t.db
      .select()
      .from(transportReports)
      .where(and(eq(transportReports.transportCompanyId, toto), isNotNull(transportReports.id)));
    expect(kept.length).toBeGreaterThan(0);
    expect(await t.db.select().from(permits).where(eq(permits.companyId, toto))).not.toHaveLength(0);
  });
});

describe('the answer', () => {
  it('is 409 retention_period_until with the day, whatever call tried the delete', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.delete('/contract/:id', async (request) => {
      await t.db.delete(contracts).where(eq(contracts.id, Number((request.params as { id: string }).id)));
      return { ok: true };
    });
    const [c] = await t.db.select().from(contracts).where(eq(contracts.projectId, industrialId));
    const res = await app.inject({ method: 'DELETE', url: `/contract/${c!.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'retention_period_until',
      params: { until: retentionUntil(c!.endDate) },
    });
    await app.close();
  });
});
