import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../src/plugins/file-storage/s3-storage';

/**
 * A local S3-compatible server (s3rver) on a free loopback port, keeping its bucket in a temporary folder, for
 * tests of the S3 file storage. `keys()` lists what the bucket holds. s3rver cannot abort a multipart upload, so
 * an abandoned upload leaves parts in its folder but never an object: the tests look at objects.
 */
export async function startS3Server(bucket = 'junkan-test') {
  const dir = mkdtempSync(path.join(tmpdir(), 'junkan-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3StorageConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    config,
    async keys(): Promise<string[]> {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((o) => o.Key!);
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
