import { describe, expect, it } from 'vitest';
import { entrySide, historyEventKey, inquiryActionLabelKey, megabytes } from './inquiry-labels';

describe('inquiry labels', () => {
  it.each([
    ['WASTE', 'CLOSE', 'inquiries.action.markSolved'],
    ['WASTE', 'DELETE', 'inquiries.action.cancel'],
    ['TRANSPORT', 'CLOSE', 'inquiries.action.close'],
    ['TRANSPORT', 'DELETE', 'inquiries.action.delete'],
    ['ADMIN', 'CLOSE', 'inquiries.action.close'],
    ['ADMIN', 'DELETE', 'inquiries.action.delete'],
  ] as const)('%s %s -> %s', (side, action, key) => {
    expect(inquiryActionLabelKey(side, action)).toBe(key);
  });

  it('tells an acting admin apart from support: the first role is the side written for', () => {
    expect(entrySide({ userRoles: [{ role: 'WASTE' }, { role: 'ADMIN' }] })).toBe('WASTE');
    expect(entrySide({ userRoles: [{ role: 'ADMIN' }] })).toBe('ADMIN');
  });

  it('words the changes of the history', () => {
    expect(historyEventKey({ kind: 'CLOSED', userRoles: [{ role: 'WASTE' }] })).toBe(
      'inquiries.event.solved',
    );
    expect(historyEventKey({ kind: 'CLOSED', userRoles: [{ role: 'ADMIN' }] })).toBe(
      'inquiries.event.closed',
    );
    expect(historyEventKey({ kind: 'IMPORTANCE', userRoles: [{ role: 'ADMIN' }] })).toBe(
      'inquiries.event.importance',
    );
    expect(historyEventKey({ kind: 'MESSAGE', userRoles: [{ role: 'WASTE' }] })).toBeNull();
  });

  it('shows sizes in MB', () => {
    expect(megabytes(100 * 1024 * 1024)).toBe('100.0');
    expect(megabytes(1536 * 1024)).toBe('1.5');
  });
});
