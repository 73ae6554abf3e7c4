import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigration, runMigrationsBefore } from '../../test/migration-steps';

/**
 * Migration 0025 on rows written before it: every invoice version gets a billed month (an uploaded one its
 * billing date's month, a generated one keeps its own), the column becomes required, and only generated current
 * versions are unique per project and month.
 */
let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  await runMigrationsBefore(db, '0025');
  // Rows only: the parties and projects they name are not under test.
  await db.exec(`
    SET session_replication_role = replica;
    INSERT INTO invoices (id, root_id, version, project_id, contract_id, transport_company_id,
      discharger_company_id, payment_method, billing_date, due_date, amount, status, source, billed_month,
      superseded_at)
    VALUES
      (1, 1, 1, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-09-30', '2026-10-31', 22000, 'BILLED', 'UPLOAD', NULL, now()),
      (2, 1, 2, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-10-01', '2026-10-31', 24200, 'BILLED', 'UPLOAD', NULL, NULL),
      (3, 3, 1, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-11-02', '2026-11-30', 5000, 'UNCLAIMED', 'GENERATED',
        '2026-10', NULL);
    SET session_replication_role = origin;
  `);
  await runMigration(db, '0025');
});
afterAll(() => db.close());

describe('0025: every invoice carries its billed month', () => {
  it("fills an uploaded version's month from its billing date and keeps a generated one's", async () => {
    const rows = await db.query<{ id: number; billed_month: string }>(
      'select id, billed_month from invoices order by id',
    );
    expect(rows.rows).toEqual([
      { id: 1, billed_month: '2026-09' },
      { id: 2, billed_month: '2026-10' },
      { id: 3, billed_month: '2026-10' },
    ]);
  });

  it('requires the month from now on, and keeps a month generated once per project', async () => {
    const insert = (id: number, source: string, month: string | null) =>
      db.exec(`
        SET session_replication_role = replica;
        INSERT INTO invoices (id, root_id, version, project_id, contract_id, transport_company_id,
          discharger_company_id, payment_method, billing_date, due_date, amount, status, source, billed_month)
        VALUES (${id}, ${id}, 1, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-11-02', '2026-11-30', 1, 'UNCLAIMED',
          '${source}', ${month ? `'${month}'` : 'NULL'});
        SET session_replication_role = origin;
      `);
    await expect(insert(10, 'UPLOAD', null)).rejects.toThrow(/billed_month/);
    // An uploaded invoice of a month billed already is a warning the service asks to confirm, not an index error.
    await insert(11, 'UPLOAD', '2026-10');
    await expect(insert(12, 'GENERATED', '2026-10')).rejects.toThrow(/invoices_project_month_current_unique/);
  });
});
