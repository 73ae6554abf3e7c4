import { describe, expect, it } from 'vitest';
import { dropKeptInput, keepInput, keptInputKey, readKeptInput, wipeKeptInput } from './kept-input';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
    items,
  };
}

const failing = {
  key: () => {
    throw new Error('SecurityError');
  },
  get length(): number {
    throw new Error('SecurityError');
  },
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('kept input', () => {
  it('keeps, reads back and drops form values', () => {
    const s = memoryStorage();
    keepInput('k', { title: 'a', lines: [1] }, s);
    expect(readKeptInput('k', s)).toEqual({ title: 'a', lines: [1] });
    dropKeptInput('k', s);
    expect(readKeptInput('k', s)).toBeNull();
    expect(s.items.size).toBe(0);
  });

  it('reads broken JSON as nothing kept', () => {
    const s = memoryStorage();
    s.setItem('k', '{not json');
    expect(readKeptInput('k', s)).toBeNull();
  });

  it('never throws when the storage is unavailable', () => {
    expect(() => keepInput('k', { a: 1 }, failing)).not.toThrow();
    expect(readKeptInput('k', failing)).toBeNull();
    expect(() => dropKeptInput('k', failing)).not.toThrow();
  });

  it('never throws where there is no storage at all (node has no sessionStorage)', () => {
    expect(() => keepInput('k', { a: 1 })).not.toThrow();
    expect(readKeptInput('k')).toBeNull();
    expect(() => dropKeptInput('k')).not.toThrow();
    expect(() => keepInput('k', { a: 1 }, null)).not.toThrow();
  });
});

describe('kept input of a user', () => {
  it.each([
    [[12, 'contractDraft', 40], 'junkan.kept.12.contractDraft.40'],
    [[12, 'collectionRequest', 'pending'], 'junkan.kept.12.collectionRequest.pending'],
    [[undefined, 'largeGarbageDraft', 'new'], 'junkan.kept.anon.largeGarbageDraft.new'],
    [[null, 'chatDraft'], 'junkan.kept.anon.chatDraft'],
  ] as const)('keeps %j under %s', ([userId, ...parts], key) => {
    expect(keptInputKey(userId, ...parts)).toBe(key);
  });

  it("wipes every key of the users named and those of no user, and nobody else's or anything else", () => {
    const s = memoryStorage();
    const wiped = [
      keptInputKey(12, 'contractDraft', 40),
      keptInputKey(12, 'chatDraft'),
      keptInputKey(12, 'collectionRequest', 'pending'),
      keptInputKey(3, 'chatDraft', 7),
      keptInputKey(undefined, 'regularQuoteRequest', 'new'),
    ];
    const kept = [
      // 120 and 1 are other users, whatever their ids begin or end with.
      keptInputKey(120, 'contractDraft', 40),
      keptInputKey(1, 'chatDraft'),
      'junkan.cardAttempt.tok_1',
      'junkan.token',
    ];
    for (const key of [...wiped, ...kept]) s.setItem(key, '{}');
    wipeKeptInput([12, 3], s);
    expect([...s.items.keys()]).toEqual(kept);
    wipeKeptInput([12, 3], s);
    expect(s.items.size).toBe(kept.length);
  });

  it('never throws when the storage is unavailable or absent', () => {
    expect(() => wipeKeptInput([12], failing)).not.toThrow();
    expect(() => wipeKeptInput([12], null)).not.toThrow();
    expect(() => wipeKeptInput([12])).not.toThrow();
  });
});
