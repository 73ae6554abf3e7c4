import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageDriver, StoredStream } from './file-storage';

export interface S3StorageConfig {
  /** The service's address; absent for AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path instead of the host name: what most S3-compatible servers (MinIO, ...) need. */
  forcePathStyle: boolean;
}

/** Parts of 5 MB (the smallest S3 allows), one in flight: an upload holds about 10 MB whatever the file size. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket. Uploads are multipart, streamed part by part (`@aws-sdk/lib-storage`); a
 * failed upload is aborted, so no part stays behind. An object appears only when its upload completes.
 */
export class S3Storage implements StorageDriver {
  readonly name = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers do not take the SDK's default
      // (aws-chunked bodies with trailing CRC32), and the upload computes its own SHA-256 anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Readable, options: { contentType?: string }): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType ?? 'application/octet-stream',
      },
      queueSize: 1,
      partSize: PART_BYTES,
      leavePartsOnError: false,
    });
    let bodyError: unknown;
    body.once('error', (error) => {
      bodyError = error;
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      // The body's own failure (too large, wrong content) is the answer, not a failed abort that followed it.
      throw bodyError ?? error;
    }
  }

  /** The bucket answers with these credentials. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  async get(key: string): Promise<StoredStream | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? null };
    } catch (error) {
      if (
        error instanceof S3ServiceException &&
        (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async *listWrittenBefore(before: Date): AsyncIterable<string[]> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, ContinuationToken: token, MaxKeys: 500 }),
      );
      const keys = (page.Contents ?? [])
        .filter((o) => o.Key && o.LastModified && o.LastModified < before)
        .map((o) => o.Key as string);
      if (keys.length > 0) yield keys;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
