import { COLLECTION_STATUSES, type CollectionAction } from '@junkan/shared/collection-rules';
import { describe, expect, it } from 'vitest';
import { PUNCTUATION } from '../../lib/format';
import {
  ACTION_FORM,
  ACTION_ORDER,
  actionPath,
  buildActionBody,
  cancelsProject,
  formatBags,
  formatDayWithWeekday,
  lineQuantity,
  newDateIssue,
  orderedActions,
  STATUS_LOOK,
  statusLabelKey,
} from './collection-labels';

describe('status looks', () => {
  it.each([
    ['DESIRED_DATE', 'blue'],
    ['ADJUSTING', 'orange'],
    ['CONFIRMED', 'green'],
    ['COLLECTED', '#595959'],
    ['NOT_COLLECTED', 'red'],
    ['CANCELLED', 'default'],
    ['RETURNED', 'magenta'],
    ['SKIPPED', 'default'],
  ] as const)('%s is %s', (status, color) => {
    expect(STATUS_LOOK[status].color).toBe(color);
    expect(statusLabelKey(status)).toBe(`collections.status.${status}`);
  });
  it('strikes a cancelled collection and mutes a skipped date, so the two greys differ', () => {
    expect(STATUS_LOOK.CANCELLED).toMatchObject({ strike: true, muted: false });
    expect(STATUS_LOOK.SKIPPED).toMatchObject({ strike: false, muted: true });
    expect(STATUS_LOOK.COLLECTED.solid).toBe(true);
    const others = COLLECTION_STATUSES.filter((s) => s !== 'CANCELLED' && s !== 'SKIPPED');
    for (const s of others) expect(STATUS_LOOK[s]).toMatchObject({ strike: false, muted: false });
  });
});

describe('formatDayWithWeekday', () => {
  it('names the weekday of the date itself', () => {
    const ja = (d: number) => '日月火水木金土'[d] ?? '';
    expect(formatDayWithWeekday('2026-12-03', ja)).toBe('2026/12/03（木）');
    expect(formatDayWithWeekday('2027-01-04', ja)).toBe('2027/01/04（月）');
  });
  it('puts the weekday in the brackets of the language', () => {
    const en = (d: number) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d] ?? '';
    expect(formatDayWithWeekday('2026-11-28', en, PUNCTUATION.en)).toBe('2026/11/28 (Sat)');
  });
});

describe('quantities', () => {
  it('shows bags in size order with their litres', () => {
    expect(formatBags({ '70': 2, '45': 3, '30': 0 })).toBe('45L×3、70L×2');
    expect(formatBags({})).toBe('');
  });
  it('shows a volume with its unit, after the bags', () => {
    expect(lineQuantity({ bags: { '45': 3 }, volume: null, unit: null })).toBe('45L×3');
    expect(lineQuantity({ bags: {}, volume: 1.5, unit: 't' })).toBe('1.50 t');
    expect(lineQuantity({ bags: { '90': 1 }, volume: 1234.5, unit: 'kg' })).toBe('90L×1 / 1,234.50 kg');
    expect(lineQuantity({ bags: {}, volume: 0, unit: 'kg' })).toBe('');
  });
  it('separates bags as the language does', () => {
    expect(lineQuantity({ bags: { '45': 4, '70': 2 }, volume: null, unit: null }, PUNCTUATION.en)).toBe(
      '45L×4, 70L×2',
    );
  });
});

describe('actions', () => {
  it('orders the buttons and shows only what the server allows', () => {
    expect(new Set(ACTION_ORDER).size).toBe(Object.keys(ACTION_FORM).length);
    expect(orderedActions(['CANCEL', 'ASK_AGAIN', 'ACCEPT_PROPOSAL'])).toEqual([
      'ACCEPT_PROPOSAL',
      'ASK_AGAIN',
      'CANCEL',
    ]);
    expect(orderedActions([])).toEqual([]);
  });
  it.each([
    ['CONFIRM', '/trans/collections/9/confirm'],
    ['PROPOSE_DATE', '/trans/collections/9/propose'],
    ['RETURN', '/trans/collections/9/return'],
    ['MARK_COLLECTED', '/trans/collections/9/collected'],
    ['MARK_NOT_COLLECTED', '/trans/collections/9/not-collected'],
    ['ACCEPT_PROPOSAL', '/collections/9/accept-proposal'],
    ['ASK_AGAIN', '/collections/9/ask-again'],
    ['CANCEL', '/collections/9/cancel'],
  ] as [CollectionAction, string][])('%s posts to %s', (action, path) => {
    expect(actionPath(action, 9)).toBe(path);
  });
  it('requires a reason to return or to record a collection as not made', () => {
    expect(buildActionBody('RETURN', { reason: '  ' })).toEqual({
      ok: false,
      issues: [{ name: 'reason', code: 'MSG_00_21' }],
    });
    expect(buildActionBody('MARK_NOT_COLLECTED', { reason: ' 門が閉まっていた ' })).toEqual({
      ok: true,
      input: { reason: '門が閉まっていた' },
    });
  });
  it('leaves a blank optional reason out', () => {
    expect(buildActionBody('CONFIRM', { reason: ' ' })).toEqual({ ok: true, input: {} });
    expect(buildActionBody('CANCEL', { reason: '予定変更' })).toEqual({
      ok: true,
      input: { reason: '予定変更' },
    });
  });
  it('requires a real date to propose or ask for another day', () => {
    expect(buildActionBody('PROPOSE_DATE', { date: null })).toEqual({
      ok: false,
      issues: [{ name: 'date', code: 'MSG_00_21' }],
    });
    expect(buildActionBody('ASK_AGAIN', { date: '2026-12-08', reason: '' })).toEqual({
      ok: true,
      input: { date: '2026-12-08' },
    });
  });
  it.each([
    ['yesterday', '2026-12-07', 'date_in_past'],
    ['today', '2026-12-08', null],
    ['a later day', '2027-03-01', null],
    ['an empty field (its own rule)', null, null],
    ['a malformed day', '2026-13-01', 'invalid_format'],
  ] as const)('a new date of %s: %s', (_name, date, code) => {
    expect(newDateIssue(date, '2026-12-08')).toBe(code);
  });
  it('warns that cancelling a spot collection cancels the project', () => {
    expect(cancelsProject('CANCEL', 'SPOT')).toBe(true);
    expect(cancelsProject('CANCEL', 'AUTO_UPDATE')).toBe(false);
    expect(cancelsProject('RETURN', 'SPOT')).toBe(false);
  });
});
