import { describe, expect, it } from 'vitest';
import { dropKeptInput, keepInput, readKeptInput } from './kept-input';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

const failing = {
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
