import { describe, expect, it, vi } from 'vitest';
import { TokenCache } from './token-cache';

describe('TokenCache', () => {
  const claims = (expSeconds: number) => ({ userId: 1, exp: expSeconds });

  it('verifies a token once while fresh, again after the time to live', async () => {
    let now = 1_000_000;
    const cache = new TokenCache<{ exp: number }>(5_000, () => now);
    const verify = vi.fn(async () => claims(now / 1000 + 3600));
    await cache.get('Bearer a', verify);
    await cache.get('Bearer a', verify);
    expect(verify).toHaveBeenCalledTimes(1);
    now += 5_001;
    await cache.get('Bearer a', verify);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never keeps a token past its expiry', async () => {
    let now = 1_000_000;
    const cache = new TokenCache<{ exp: number }>(60_000, () => now);
    const verify = vi.fn(async () => claims(now / 1000 + 2));
    await cache.get('Bearer b', verify);
    now += 2_000;
    const expired = new Error('expired');
    verify.mockRejectedValueOnce(expired);
    await expect(cache.get('Bearer b', verify)).rejects.toBe(expired);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('keeps no refused token, and nothing at a time to live of 0', async () => {
    const refusing = new TokenCache<{ exp: number }>(5_000);
    const bad = vi.fn(async () => {
      throw new Error('bad signature');
    });
    await expect(refusing.get('Bearer c', bad)).rejects.toThrow();
    await expect(refusing.get('Bearer c', bad)).rejects.toThrow();
    expect(bad).toHaveBeenCalledTimes(2);
    const off = new TokenCache<{ exp: number }>(0);
    const verify = vi.fn(async () => claims(Date.now() / 1000 + 3600));
    await off.get('Bearer d', verify);
    await off.get('Bearer d', verify);
    expect(verify).toHaveBeenCalledTimes(2);
    expect(off.size).toBe(0);
  });
});
