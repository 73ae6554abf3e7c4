import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DiskStorage } from './disk-storage';
import { assertStorageKey } from './file-storage';

describe('file storage settings', () => {
  const base = { DATA_DIR: '/srv/junkan', JWT_SECRET: 'x' };
  it.each([
    ['nothing set: the database', {}, { driver: 'database', dir: undefined, s3: undefined }],
    [
      'disk without a folder: the data folder',
      { FILE_STORAGE: 'disk' },
      { driver: 'disk', dir: '/srv/junkan/files' },
    ],
    ['disk with a folder', { FILE_STORAGE: 'disk', FILE_STORAGE_DIR: '/mnt/files' }, { dir: '/mnt/files' }],
    [
      's3 with its settings',
      {
        FILE_STORAGE: 's3',
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      },
      {
        driver: 's3',
        s3: {
          bucket: 'b',
          endpoint: 'http://127.0.0.1:9000',
          region: 'us-east-1',
          forcePathStyle: true,
          accessKeyId: 'k',
          secretAccessKey: 's',
        },
      },
    ],
  ])('%s', (_label, env, expected) => {
    expect(loadConfig({ ...base, ...env }).fileStorage).toMatchObject(expected);
  });

  it('refuses an unknown driver and s3 without a bucket', () => {
    expect(() => loadConfig({ ...base, FILE_STORAGE: 'ftp' })).toThrow(/FILE_STORAGE/);
    expect(() => loadConfig({ ...base, FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});

describe('storage keys', () => {
  it.each(['attachments/2026/11/0b5e', 'legacy/attachment-12', 'a.b_c-d'])('takes %s', (key) => {
    expect(() => assertStorageKey(key)).not.toThrow();
  });
  it.each([
    '',
    '/etc/passwd',
    '../x',
    'a/../../x',
    'a//b',
    'a/./b',
    'a\\b',
    '.hidden',
    'a/',
    'x'.repeat(256),
  ])('refuses %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow();
  });

  it('never lets the disk driver leave its folder', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'junkan-keys-'));
    try {
      const disk = new DiskStorage(path.join(dir, 'files'));
      await expect(disk.get('../outside')).rejects.toThrow(/outside/);
      await expect(disk.delete('../../etc/passwd')).rejects.toThrow(/outside/);
      expect(await disk.get('missing/file')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
