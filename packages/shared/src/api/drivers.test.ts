import { describe, expect, it } from 'vitest';
import { messageCodeOfIssue } from '../messages';
import { driverMarkInputSchema } from './drivers';

/** The server's answer to a body: each field's first code, as the validation error carries it. */
const fieldsOf = (body: unknown) => {
  const r = driverMarkInputSchema.safeParse(body);
  const out: Record<string, string> = {};
  for (const i of r.success ? [] : r.error.issues) out[i.path.join('.')] ??= messageCodeOfIssue(i);
  return out;
};

const collected = (over: Record<string, unknown> = {}) => ({
  clientId: '6f1d2c7e-9a43-4d3b-8f0e-2b9f0c1a7d55',
  collectionId: 12,
  baseVersion: 2,
  baseDate: '2027-03-10',
  result: 'COLLECTED',
  lines: [{ wasteLineId: 3, bags: { '45': 2 }, weightKg: 12.5 }],
  markedAt: '2027-03-10T09:15:00+09:00',
  ...over,
});
const notCollected = (over: Record<string, unknown> = {}) =>
  collected({ result: 'NOT_COLLECTED', lines: [], reasonCode: 'CLOSED', ...over });

describe('driverMarkInputSchema', () => {
  it('takes a collected mark and fills the defaults', () => {
    const parsed = driverMarkInputSchema.parse(collected());
    expect(parsed).toMatchObject({
      reasonCode: null,
      reasonText: null,
      position: null,
      lines: [{ wasteLineId: 3, bags: { '45': 2 }, weightKg: 12.5, volume: null }],
    });
  });

  it('takes a not-collected mark with a reason, and OTHER with its words', () => {
    expect(fieldsOf(notCollected())).toEqual({});
    expect(fieldsOf(notCollected({ reasonCode: 'OTHER', reasonText: '門が施錠されていた' }))).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['not collected without a reason', notCollected({ reasonCode: null }), { reasonCode: 'MSG_00_21' }],
    ['OTHER without words', notCollected({ reasonCode: 'OTHER' }), { reasonText: 'MSG_00_21' }],
    [
      'OTHER with blank words',
      notCollected({ reasonCode: 'OTHER', reasonText: '   ' }),
      { reasonText: 'MSG_00_21' },
    ],
    ['an unknown reason', notCollected({ reasonCode: 'LAZY' }), { reasonCode: 'invalid_format' }],
    [
      'collected with nothing counted',
      collected({ lines: [{ wasteLineId: 3, bags: { '45': 0 }, weightKg: 0 }] }),
      { lines: 'bag_or_volume_required' },
    ],
    ['collected without lines', collected({ lines: [] }), { lines: 'bag_or_volume_required' }],
    [
      'one waste line twice',
      collected({
        lines: [
          { wasteLineId: 3, bags: { '45': 1 } },
          { wasteLineId: 3, bags: { '70': 1 } },
        ],
      }),
      { 'lines.1.wasteLineId': 'same_waste_twice' },
    ],
    [
      'a thousandth of a kg',
      collected({ lines: [{ wasteLineId: 3, weightKg: 1.005 }] }),
      { 'lines.0.weightKg': 'invalid_format' },
    ],
    [
      'a negative volume',
      collected({ lines: [{ wasteLineId: 3, bags: { '45': 1 }, volume: -1 }] }),
      { 'lines.0.volume': 'invalid_format' },
    ],
    [
      'a bag size nobody sells',
      collected({ lines: [{ wasteLineId: 3, bags: { '20': 1, '45': 1 } }] }),
      { 'lines.0.bags': 'invalid_format' },
    ],
    [
      'half a bag',
      collected({ lines: [{ wasteLineId: 3, bags: { '45': 1.5 } }] }),
      { 'lines.0.bags.45': 'invalid_format' },
    ],
    ['a client id that is no UUID', collected({ clientId: 'abc' }), { clientId: 'invalid_format' }],
    ['an impossible base date', collected({ baseDate: '2027-02-30' }), { baseDate: 'invalid_format' }],
    [
      'a time without its offset',
      collected({ markedAt: '2027-03-10T09:15:00' }),
      { markedAt: 'invalid_format' },
    ],
    ['an id past the column', collected({ collectionId: 2 ** 31 }), { collectionId: 'invalid_format' }],
    [
      'a position off the globe',
      collected({ position: { latitude: 91, longitude: 139.7 } }),
      { 'position.latitude': 'invalid_format' },
    ],
    [
      'words past their maximum',
      notCollected({ reasonCode: 'OTHER', reasonText: 'あ'.repeat(201) }),
      { reasonText: 'max_length_exceeded' },
    ],
  ])('refuses %s', (_name, body, expected) => {
    expect(fieldsOf(body)).toEqual(expected);
  });

  it('rounds a weight to the hundredth it was checked at', () => {
    const parsed = driverMarkInputSchema.parse(
      collected({ lines: [{ wasteLineId: 3, weightKg: 0.1 + 0.2 }] }),
    );
    expect(parsed.lines[0]?.weightKg).toBe(0.3);
  });
});
