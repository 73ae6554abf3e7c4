import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigration, runMigrationsBefore } from '../../test/migration-steps';

/**
 * Migration 0027 on invoices written before it: each issuer's invoices are numbered 1, 2, 3... in the order they
 * were registered, every version with its first version's number, and each issuer's counter continues after its
 * last number.
 */
let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  await runMigrationsBefore(db, '0027');
  // Two issuers (companies 1 and 5); invoice 1 of issuer 1 corrected by 2, invoice 4 of issuer 1 by 6.
  await db.exec(`
    SET session_replication_role = replica;
    INSERT INTO companies (id, name, type) VALUES (1, 'A', 'TRANSPORT'), (2, 'B', 'WASTE'), (5, 'C', 'TRANSPORT'),
      (9, 'D', 'TRANSPORT');
    INSERT INTO invoices (id, root_id, version, project_id, contract_id, transport_company_id,
      discharger_company_id, payment_method, billing_date, due_date, amount, status, source, billed_month)
    VALUES
      (1, 1, 1, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-09-30', '2026-10-31', 100, 'BILLED', 'UPLOAD', '2026-09'),
      (2, 1, 2, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-09-30', '2026-10-31', 110, 'BILLED', 'UPLOAD', '2026-09'),
      (3, 3, 1, 8, 1, 5, 2, 'PAYMENT_INVOICE', '2026-10-31', '2026-11-30', 200, 'UNCLAIMED', 'UPLOAD', '2026-10'),
      (4, 4, 1, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-10-31', '2026-11-30', 300, 'UNCLAIMED', 'UPLOAD', '2026-10'),
      (5, 5, 1, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-11-30', '2026-12-31', 400, 'UNCLAIMED', 'UPLOAD', '2026-11'),
      (6, 4, 2, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-10-31', '2026-11-30', 310, 'UNCLAIMED', 'UPLOAD', '2026-10');
    SET session_replication_role = origin;
  `);
  await runMigration(db, '0027');
});
afterAll(() => db.close());

describe('0027: invoices from before are numbered per issuer', () => {
  it('numbers each issuer in registration order, every version with its first version’s number', async () => {
    const rows = await db.query<{ id: number; invoice_number: number }>(
      'select id, invoice_number from invoices order by id',
    );
    expect(rows.rows).toEqual([
      { id: 1, invoice_number: 1 },
      { id: 2, invoice_number: 1 },
      { id: 3, invoice_number: 1 },
      { id: 4, invoice_number: 2 },
      { id: 5, invoice_number: 3 },
      { id: 6, invoice_number: 2 },
    ]);
  });

  it('continues each counter after its last number, and refuses a number twice for one issuer', async () => {
    const counters = await db.query<{ id: number; last_invoice_number: number }>(
      'select id, last_invoice_number from companies order by id',
    );
    expect(counters.rows).toEqual([
      { id: 1, last_invoice_number: 3 },
      { id: 2, last_invoice_number: 0 },
      { id: 5, last_invoice_number: 1 },
      { id: 9, last_invoice_number: 0 },
    ]);
    await expect(
      db.exec(`
        SET session_replication_role = replica;
        INSERT INTO invoices (id, root_id, version, project_id, contract_id, transport_company_id,
          discharger_company_id, payment_method, billing_date, due_date, amount, status, source, billed_month,
          invoice_number)
        VALUES (7, 7, 1, 7, 1, 1, 2, 'PAYMENT_INVOICE', '2026-11-30', '2026-12-31', 1, 'UNCLAIMED', 'UPLOAD',
          '2026-12', 3);
      `),
    ).rejects.toThrow(/invoices_number_version_unique/);
  });
});
