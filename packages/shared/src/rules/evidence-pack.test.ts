import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_PACK_STATUSES,
  evidencePackPercent,
  evidencePackPeriodEnd,
  evidencePackPeriodIssue,
  isEvidencePackOpen,
} from './evidence-pack';

describe('evidencePackPeriodIssue', () => {
  it.each([
    ['2026-01-01', '2026-01-01', null],
    ['2026-01-01', '2025-12-31', 'invalid_period'],
    ['2021-04-01', '2026-04-30', null], // five years and a month
    ['2021-04-01', '2026-05-01', 'evidence_pack_period_too_long'],
    ['2020-02-29', '2025-03-28', null],
    ['2020-02-29', '2025-03-29', 'evidence_pack_period_too_long'],
  ])('%s to %s: %s', (from, to, issue) => {
    expect(evidencePackPeriodIssue(from, to)).toBe(issue);
  });
  it('ends a period a day before five years and a month on', () => {
    expect(evidencePackPeriodEnd('2021-04-01')).toBe('2026-04-30');
  });
});

describe('evidencePackPercent', () => {
  it.each([
    [0, 0, 0],
    [0, 10, 0],
    [1, 3, 33],
    [999, 1000, 99], // never 100 before the last item
    [10, 10, 100],
    [12, 10, 100],
  ])('%i of %i: %i%%', (done, total, percent) => {
    expect(evidencePackPercent(done, total)).toBe(percent);
  });
});

describe('isEvidencePackOpen', () => {
  it.each(EVIDENCE_PACK_STATUSES.map((s) => [s, s === 'QUEUED' || s === 'BUILDING']))('%s: %s', (s, open) => {
    expect(isEvidencePackOpen(s)).toBe(open);
  });
});
