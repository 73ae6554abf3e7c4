import type { ProjectDetail } from '@junkan/shared/api/projects';
import { describe, expect, it } from 'vitest';
import {
  buildQuoteRequest,
  confirmStepPath,
  draftKey,
  EMPTY,
  type FormValues,
  fromDetail,
  toRequest,
} from './industrial-quote-values';

const line = {
  wasteId: 3,
  quantity: '12.50',
  unitMeasureId: 2,
  packingStyleId: null,
  frequency: 'SPOT',
  frequencyNumber: 4,
  dimensions: '  ',
  transTime: '平日 9:00-12:00',
  wasteDetails: '',
};
const valid: FormValues = { projectTitle: '倉庫の片付け', memo: ' ', dischargeSiteIds: [7], lines: [line] };

describe('industrial quote request values', () => {
  it('keeps drafts per user and project, and links to the confirm step', () => {
    expect(draftKey(5, null)).toBe('junkan.kept.5.largeGarbageDraft.new');
    expect(draftKey(undefined, 9)).toBe('junkan.kept.anon.largeGarbageDraft.9');
    expect(confirmStepPath(9)).toBe('/new-quote-request/quotation-request-confirm?id=9');
  });

  it('builds the industrial body with blank texts left out and no count for a spot collection', () => {
    const body = toRequest(valid);
    expect(body).toMatchObject({ type: 'INDUSTRIAL', projectTitle: '倉庫の片付け', officeId: null });
    expect(body.memo).toBeUndefined();
    expect(body.lines[0]).toMatchObject({
      dimensions: undefined,
      wasteDetails: undefined,
      transTime: '平日 9:00-12:00',
      frequencyNumber: null,
    });
    const weekly = toRequest({ ...valid, lines: [{ ...line, frequency: 'WEEKLY' }] });
    expect(weekly.lines[0]).toMatchObject({ frequencyNumber: 4 });
  });

  it('passes a complete request and stops an empty one on its fields', () => {
    expect(buildQuoteRequest(valid)).toMatchObject({ ok: true, input: { projectTitle: '倉庫の片付け' } });
    const empty = buildQuoteRequest(EMPTY);
    expect(empty.ok).toBe(false);
    const paths = empty.ok ? [] : empty.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['projectTitle', 'dischargeSiteIds', 'lines.0.wasteId']));
  });

  it('stops the same waste chosen twice', () => {
    const twice = buildQuoteRequest({ ...valid, lines: [line, { ...line }] });
    expect(twice.ok ? [] : twice.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'lines.1.wasteId',
      'same_waste_twice',
    ]);
  });

  it('fills the form from a saved draft', () => {
    const detail = {
      projectTitle: 'T',
      memo: null,
      office: { id: 4 },
      discharges: [{ id: 7 }, { id: 8 }],
      pwasteIndustries: [
        {
          waste: { id: 3 },
          quantity: 1.5,
          measureUnit: { id: 2 },
          packing: null,
          dimensions: null,
          frequency: null,
          frequencyNumber: null,
          transTime: null,
          wasteDetails: 'x',
        },
      ],
    } as unknown as ProjectDetail;
    expect(fromDetail(detail)).toEqual({
      projectTitle: 'T',
      memo: undefined,
      officeId: 4,
      dischargeSiteIds: [7, 8],
      lines: [
        {
          wasteId: 3,
          quantity: '1.5',
          unitMeasureId: 2,
          packingStyleId: null,
          dimensions: undefined,
          frequency: 'SPOT',
          frequencyNumber: null,
          transTime: undefined,
          wasteDetails: 'x',
        },
      ],
    });
  });
});
