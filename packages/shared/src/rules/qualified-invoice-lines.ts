/**
 * A qualified invoice's lines for one month of a project, from its contract and the month's settled reports: the
 * billing rule, pure. The server reads the contract, its waste lines and the reports (qualified-invoices.service.ts
 * `billableLines`) and hands them here; the lines' amounts come from `computeQualifiedInvoice`.
 */
import type { QualifiedInvoiceFlag, QualifiedInvoiceLineDto } from '../api/qualified-invoices';
import {
  computeQualifiedInvoice,
  DEFAULT_INVOICE_TAX_RATE,
  fromThousandths,
  type InvoiceTaxRate,
  toThousandths,
} from './qualified-invoice';

export const MANIFEST_FEE_KEY = 'manifest-fee';
export const MANIFEST_FEE_DESCRIPTION = 'マニフェスト利用料（電子）';
export const MANIFEST_FEE_UNIT = '件';
/** Regular reports are monthly weights in kg. */
export const REGULAR_REPORT_UNIT = 'kg';

const wasteLineKey = (wasteLineId: number) => `waste-${wasteLineId}`;

/** A waste line of the project as its contract prices it: `unit` is the contract price's unit. */
export interface BillingWasteLine {
  id: number;
  kind: 'INDUSTRIAL' | 'REGULAR';
  wasteId: number | null;
  wasteName: string;
  unit: string | null;
}

/** A settled industrial completion report of the month (by its transport end date). */
export interface BillingIndustrialReport {
  wasteLineId: number | null;
  wasteId: number | null;
  wasteName: string;
  manifestNumber: string | null;
  /** The transport end date, YYYY-MM-DD. */
  date: string;
  volume: string | number;
  unit: string | null;
}

/** A regular report of the month: a weight in kg. */
export interface BillingRegularReport {
  wasteId: number;
  wasteName: string;
  volume: string | number;
}

export interface MonthBillingInput {
  /** The project's waste lines in their order (the lines come out in it). */
  wasteLines: readonly BillingWasteLine[];
  /** The contract's unit price per waste line id. */
  unitPrices: ReadonlyMap<number, number>;
  /** The contract's manifest fee per manifest (0: none). */
  manifestFee: number;
  /** The month's first and last day. */
  period: { from: string; to: string };
  settled: readonly BillingIndustrialReport[];
  regular: readonly BillingRegularReport[];
  /** Reports of the month waiting for a decision (left out and flagged). */
  unsettledCount: number;
}

/** A line with its amount and tax rate (the default rate unless given), quantity as reported. */
export function billedLine(
  line: Omit<QualifiedInvoiceLineDto, 'amount' | 'reportedQuantity' | 'taxRate'> & {
    taxRate?: InvoiceTaxRate;
  },
): QualifiedInvoiceLineDto {
  const taxRate = line.taxRate ?? DEFAULT_INVOICE_TAX_RATE;
  const [computed] = computeQualifiedInvoice([{ ...line, taxRate }]).lines;
  return { ...line, taxRate, reportedQuantity: line.quantity, amount: computed!.amount };
}

const sameUnit = (a: string | null, b: string | null) =>
  a != null && b != null && a.trim() !== '' && a.trim() === b.trim();

interface Group {
  key: string;
  wasteLineId: number | null;
  description: string;
  unit: string | null;
  contractUnit: string | null;
  unitPrice: number | null;
  total: bigint;
  count: number;
  dateFrom: string;
  dateTo: string;
}

/**
 * The month's lines and flags: one line per waste line and unit (quantities summed, the contract's unit price),
 * then the manifest fee (one per manifest of the settled reports). A report whose unit is not the contract price's
 * unit, or whose waste has no contract price, is flagged and left out: a price is never guessed and a quantity
 * never converted.
 */
export function monthBillLines(input: MonthBillingInput): {
  lines: QualifiedInvoiceLineDto[];
  flags: QualifiedInvoiceFlag[];
} {
  const { wasteLines, unitPrices, period, settled, regular } = input;
  const lineById = new Map(wasteLines.map((l) => [l.id, l]));

  // Reports -> waste line of the contract: the report's own line, else the project's only line of that waste.
  const industrialLineOf = (r: BillingIndustrialReport) => {
    if (r.wasteLineId != null && lineById.has(r.wasteLineId)) return lineById.get(r.wasteLineId)!;
    const candidates = wasteLines.filter((l) => l.kind === 'INDUSTRIAL' && l.wasteId === r.wasteId);
    return candidates.length === 1 ? candidates[0]! : null;
  };
  const regularLineOf = (wasteId: number) => {
    const candidates = wasteLines.filter((l) => l.kind === 'REGULAR' && l.wasteId === wasteId);
    return candidates.length === 1 ? candidates[0]! : null;
  };

  const groups = new Map<string, Group>();
  const add = (
    line: BillingWasteLine | null,
    report: { wasteName: string; unit: string | null; volume: string; dateFrom: string; dateTo: string },
  ) => {
    const unitPrice = line ? (unitPrices.get(line.id) ?? null) : null;
    const contractUnit = line?.unit ?? null;
    const billable = line != null && unitPrice != null && sameUnit(report.unit, contractUnit);
    const key = billable
      ? wasteLineKey(line.id)
      : `unbilled-${line?.id ?? `waste:${report.wasteName}`}-${report.unit ?? ''}`;
    const group = groups.get(key);
    const quantity = toThousandths(report.volume);
    if (group) {
      group.total += quantity;
      group.count += 1;
      if (report.dateFrom < group.dateFrom) group.dateFrom = report.dateFrom;
      if (report.dateTo > group.dateTo) group.dateTo = report.dateTo;
      return;
    }
    groups.set(key, {
      key,
      wasteLineId: billable ? line.id : (line?.id ?? null),
      description: line?.wasteName ?? report.wasteName,
      unit: report.unit,
      contractUnit,
      unitPrice,
      total: quantity,
      count: 1,
      dateFrom: report.dateFrom,
      dateTo: report.dateTo,
    });
  };
  for (const r of settled)
    add(industrialLineOf(r), { ...r, dateFrom: r.date, dateTo: r.date, volume: String(r.volume) });
  for (const r of regular) {
    add(regularLineOf(r.wasteId), {
      wasteName: r.wasteName,
      unit: REGULAR_REPORT_UNIT,
      volume: String(r.volume),
      dateFrom: period.from,
      dateTo: period.to,
    });
  }
  const lines: QualifiedInvoiceLineDto[] = [];
  const flags: QualifiedInvoiceFlag[] = [];
  const order = new Map(wasteLines.map((l, i) => [l.id, i]));
  const sorted = [...groups.values()].sort(
    (a, b) => (order.get(a.wasteLineId ?? -1) ?? 1e9) - (order.get(b.wasteLineId ?? -1) ?? 1e9),
  );
  for (const g of sorted) {
    const quantity = fromThousandths(g.total);
    if (!g.key.startsWith('waste-')) {
      flags.push(
        g.unitPrice == null
          ? {
              code: 'NO_CONTRACT_PRICE',
              description: g.description,
              unit: g.unit,
              quantity,
              reportCount: g.count,
            }
          : {
              code: 'UNIT_MISMATCH',
              description: g.description,
              reportedUnit: g.unit,
              contractUnit: g.contractUnit,
              quantity,
              reportCount: g.count,
            },
      );
      continue;
    }
    lines.push(
      billedLine({
        key: g.key,
        kind: 'WASTE',
        description: g.description,
        dateFrom: g.dateFrom,
        dateTo: g.dateTo,
        quantity,
        unit: g.unit!,
        unitPrice: g.unitPrice!,
      }),
    );
  }

  const manifests = new Map<string, string>();
  for (const r of settled) if (r.manifestNumber) manifests.set(r.manifestNumber, r.date);
  if (input.manifestFee > 0 && manifests.size > 0) {
    const dates = [...manifests.values()].sort();
    lines.push(
      billedLine({
        key: MANIFEST_FEE_KEY,
        kind: 'MANIFEST_FEE',
        description: MANIFEST_FEE_DESCRIPTION,
        dateFrom: dates[0]!,
        dateTo: dates.at(-1)!,
        quantity: String(manifests.size),
        unit: MANIFEST_FEE_UNIT,
        unitPrice: input.manifestFee,
      }),
    );
  }
  if (input.unsettledCount > 0) flags.push({ code: 'REPORTS_NOT_SETTLED', count: input.unsettledCount });
  if (settled.length === 0 && regular.length === 0) flags.push({ code: 'NO_APPROVED_REPORTS' });
  return { lines, flags };
}
