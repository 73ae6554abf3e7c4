import type { DriverStop } from '@junkan/shared/api/drivers';
import { describe, expect, it } from 'vitest';
import {
  buildMarkInput,
  initialMarkValues,
  lineInputs,
  type MarkContext,
  type MarkFormValues,
  serverIssues,
} from './mark-form-values';

const stop = {
  id: 12,
  version: 3,
  date: '2026-05-01',
  lines: [
    { wasteLineId: 1, wasteName: '可燃ごみ', kind: 'REGULAR', bags: { '45': 3 }, volume: null, unit: null },
    { wasteLineId: 2, wasteName: '廃プラ', kind: 'INDUSTRIAL', bags: {}, volume: 1.5, unit: 't' },
  ],
} as Pick<DriverStop, 'id' | 'version' | 'date' | 'lines'>;

const ctx = (result: MarkContext['result']): MarkContext => ({
  clientId: '0b8a3b0e-7a34-4d3f-9a53-2f6a2c1b9e10',
  result,
  stop,
  markedAt: '2026-05-01T10:15:00+09:00',
  position: { latitude: 35.67, longitude: 139.76, accuracy: 12 },
});

describe('the mark form', () => {
  it('shows bags for regular waste and a volume in its unit for industrial waste', () => {
    expect(stop.lines.map(lineInputs)).toEqual([
      { bags: true, volume: false },
      { bags: false, volume: true },
    ]);
    // A regular line's unit is the month's kg: its weight field says it already.
    expect(lineInputs({ kind: 'REGULAR', unit: 'kg' })).toEqual({ bags: true, volume: false });
    expect(lineInputs({ kind: 'INDUSTRIAL', unit: null })).toEqual({ bags: false, volume: false });
  });

  it('starts a collected stop from what was asked, a stop not collected from nothing', () => {
    const collected = initialMarkValues(stop, 'COLLECTED');
    expect(collected.lines[0]).toEqual({
      wasteLineId: 1,
      bags: { '30': 0, '45': 3, '70': 0, '90': 0 },
      weightKg: '',
      volume: '',
    });
    expect(collected.lines[1]?.volume).toBe('1.5');
    const notCollected = initialMarkValues(stop, 'NOT_COLLECTED');
    expect(notCollected.lines[0]?.bags['45']).toBe(0);
    expect(notCollected.lines[1]?.volume).toBe('');
    expect(notCollected.reasonCode).toBeUndefined();
  });

  it('reopens a refused mark with what it said', () => {
    const sent = buildMarkInput(
      { ...initialMarkValues(stop, 'COLLECTED'), withPosition: true },
      ctx('COLLECTED'),
    );
    if (!sent.ok) throw new Error('expected a body');
    const again = initialMarkValues(stop, 'COLLECTED', sent.input);
    expect(again.lines[0]?.bags['45']).toBe(3);
    expect(again.lines[1]?.volume).toBe('1.5');
    expect(again.withPosition).toBe(true);
  });

  it('builds the body of a collected stop: counted bags only, amounts as numbers, the position if asked', () => {
    const values: MarkFormValues = {
      ...initialMarkValues(stop, 'COLLECTED'),
      lines: [
        { wasteLineId: 1, bags: { '30': 0, '45': 2, '70': 1, '90': 0 }, weightKg: '1,234.5', volume: '' },
        { wasteLineId: 2, bags: {}, weightKg: '', volume: '2.00' },
      ],
      reasonCode: 'CLOSED',
      reasonText: 'ignored',
    };
    const built = buildMarkInput(values, ctx('COLLECTED'));
    expect(built).toEqual({
      ok: true,
      input: {
        clientId: '0b8a3b0e-7a34-4d3f-9a53-2f6a2c1b9e10',
        collectionId: 12,
        baseVersion: 3,
        baseDate: '2026-05-01',
        result: 'COLLECTED',
        reasonCode: null,
        reasonText: null,
        lines: [
          { wasteLineId: 1, bags: { '45': 2, '70': 1 }, weightKg: 1234.5, volume: null },
          { wasteLineId: 2, bags: {}, weightKg: null, volume: 2 },
        ],
        markedAt: '2026-05-01T10:15:00+09:00',
        position: null,
      },
    });
    const withPosition = buildMarkInput({ ...values, withPosition: true }, ctx('COLLECTED'));
    expect(withPosition.ok && withPosition.input.position).toEqual({
      latitude: 35.67,
      longitude: 139.76,
      accuracy: 12,
    });
  });

  it('asks for something counted on a collected stop (the form’s own message)', () => {
    const values = initialMarkValues(stop, 'NOT_COLLECTED');
    expect(buildMarkInput(values, ctx('COLLECTED'))).toEqual({
      ok: false,
      issues: [{ name: null, code: 'bag_or_volume_required' }],
    });
  });

  it('puts an amount that is not a number next to its field', () => {
    const values = initialMarkValues(stop, 'COLLECTED');
    values.lines[0]!.weightKg = '12.345';
    values.lines[1]!.volume = '1..2';
    const built = buildMarkInput(values, ctx('COLLECTED'));
    expect(built.ok).toBe(false);
    expect(!built.ok && built.issues).toEqual([
      { name: ['lines', 0, 'weightKg'], code: 'invalid_format' },
      { name: ['lines', 1, 'volume'], code: 'invalid_format' },
    ]);
  });

  it('needs a reason for a stop not collected, and words for OTHER', () => {
    const values = initialMarkValues(stop, 'NOT_COLLECTED');
    const none = buildMarkInput(values, ctx('NOT_COLLECTED'));
    expect(!none.ok && none.issues).toEqual([{ name: ['reasonCode'], code: 'MSG_00_21' }]);
    const other = buildMarkInput({ ...values, reasonCode: 'OTHER', reasonText: '  ' }, ctx('NOT_COLLECTED'));
    expect(!other.ok && other.issues).toEqual([{ name: ['reasonText'], code: 'MSG_00_21' }]);
    const closed = buildMarkInput({ ...values, reasonCode: 'CLOSED' }, ctx('NOT_COLLECTED'));
    expect(closed.ok && closed.input).toMatchObject({ reasonCode: 'CLOSED', reasonText: null, lines: [] });
  });

  it("puts the server's field codes next to their fields, a bag size as its key", () => {
    expect(
      serverIssues({ 'lines.0.bags.45': 'invalid_format', reasonText: 'max_length_exceeded', clientId: 'x' }),
    ).toEqual([
      { name: ['lines', 0, 'bags', '45'], code: 'invalid_format' },
      { name: ['reasonText'], code: 'max_length_exceeded' },
      { name: null, code: 'x' },
    ]);
  });
});
