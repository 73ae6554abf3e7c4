import type { ManifestDetail } from '@junkan/shared/api/manifests';
import { MANIFEST_STATUSES } from '@junkan/shared/enums';
import { describe, expect, it } from 'vitest';
import {
  countDeadlineStates,
  deadlineTagLook,
  MANIFEST_STATUS_COLORS,
  manifestPhaseSteps,
  manifestStatusColor,
  manifestStatusLabelKey,
  runningFunctionLabels,
} from './manifest-labels';

const open = { done: false, date: null };
const done = (date: string) => ({ done: true, date });

describe('manifest status', () => {
  it.each(MANIFEST_STATUSES)('%s has its own label key and a colour', (status) => {
    expect(manifestStatusLabelKey(status)).toBe(`manifestStatus.${status}`);
    expect(manifestStatusColor(status)).toBe(MANIFEST_STATUS_COLORS[status]);
  });

  it('is "checking" before the network first answers', () => {
    expect(manifestStatusLabelKey(null)).toBe('manifests.status.unknown');
    expect(manifestStatusColor(null)).toBe('default');
  });

  it('names known running functions and keeps unknown codes as they are', () => {
    expect(runningFunctionLabels(['1000', '0403', '9999'])).toEqual([
      { code: '1000', labelKey: 'manifests.function.1000' },
      { code: '0403', labelKey: 'manifests.function.0403' },
      { code: '9999', labelKey: null },
    ]);
  });
});

describe('report deadline', () => {
  it.each([
    ['DUE_SOON' as const, { color: 'warning', labelKey: 'manifests.deadline.DUE_SOON' }],
    ['OVERDUE' as const, { color: 'error', labelKey: 'manifests.deadline.OVERDUE' }],
    ['OK' as const, null],
    [null, null],
  ])('%s', (state, expected) => {
    expect(deadlineTagLook(state)).toEqual(expected);
  });

  it('counts due soon and overdue items', () => {
    expect(
      countDeadlineStates([
        { deadlineState: 'OK' },
        { deadlineState: 'DUE_SOON' },
        { deadlineState: 'OVERDUE' },
        { deadlineState: 'OVERDUE' },
      ]),
    ).toEqual({ dueSoon: 1, overdue: 2 });
    expect(countDeadlineStates([])).toEqual({ dueSoon: 0, overdue: 0 });
  });
});

describe('manifestPhaseSteps', () => {
  const phases = (p: Partial<ManifestDetail['phases']>): ManifestDetail['phases'] => ({
    reservation: open,
    transportation: open,
    processing: open,
    final: open,
    ...p,
  });

  it('waits everywhere before the network knows the manifest', () => {
    const { steps, current } = manifestPhaseSteps(phases({}), null);
    expect(steps.map((s) => s.status)).toEqual(['wait', 'wait', 'wait', 'wait']);
    expect(current).toBe(0);
  });

  it('marks done phases with their dates and the first open one as in progress', () => {
    const { steps, current } = manifestPhaseSteps(
      phases({ reservation: done('2026-04-01'), transportation: done('2026-04-03') }),
      'TRANSPORT_END',
    );
    expect(steps.map((s) => [s.phase, s.status, s.date])).toEqual([
      ['reservation', 'finish', '2026-04-01'],
      ['transportation', 'finish', '2026-04-03'],
      ['processing', 'process', null],
      ['final', 'wait', null],
    ]);
    expect(steps[2]?.titleKey).toBe('manifests.phase.processing');
    expect(current).toBe(2);
  });

  it('ends on the last step when every phase is done', () => {
    const { steps, current } = manifestPhaseSteps(
      phases({
        reservation: done('2026-04-01'),
        transportation: done('2026-04-03'),
        processing: done('2026-04-10'),
        final: done('2026-04-20'),
      }),
      'FINAL_DISPOSAL_END',
    );
    expect(steps.every((s) => s.status === 'finish')).toBe(true);
    expect(current).toBe(3);
  });

  it('ignores a date on a phase the network does not call done', () => {
    const { steps } = manifestPhaseSteps(
      phases({ reservation: { done: false, date: '2026-04-01' } }),
      'RESERVED',
    );
    expect(steps[0]).toMatchObject({ status: 'process', date: null });
  });
});
