// Media in S3 or an S3-compatible object store (MinIO, R2, Ceph, s3rver in tests), addressed with path-style URLs
// when an endpoint is given. An unreachable store answers AppError('unavailable') quickly instead of hanging.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '../errors.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import {
  assertValidStorageKey,
  assertValidStoragePrefix,
  getContentTypeForKey,
  StorageNotFoundError,
  type ByteRange,
  type StorageProvider,
} from './storage-provider.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle?: boolean | undefined;
}

const CONNECTION_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 60_000;
const DELETE_BATCH_SIZE = 1000;

export function createS3Storage(options: S3StorageOptions): StorageProvider & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: Boolean(options.forcePathStyle || options.endpoint),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // S3-compatible servers often reject the SDK's default streaming (aws-chunked) checksums; send them only where
    // the API demands one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',
    client,

    async put(key, source, { contentType }) {
      assertValidStorageKey(key);
      const body = typeof source === 'string' ? fs.createReadStream(source) : source;
      const contentLength = typeof source === 'string' ? (await fsp.stat(source)).size : source.length;
      try {
        // A single PUT is atomic in S3: the object appears whole or not at all.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: contentLength,
          }),
        );
      } catch (error) {
        throw mapS3Error(error, key);
      } finally {
        // A failed request may leave the file stream open.
        if (body instanceof fs.ReadStream) body.destroy();
      }
    },

    async stat(key) {
      assertValidStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? getContentTypeForKey(key),
          etag: head.ETag ?? `"${key}"`,
        };
      } catch (error) {
        const mapped = mapS3Error(error, key);
        if (mapped instanceof StorageNotFoundError) return undefined;
        throw mapped;
      }
    },

    async createReadStream(key, range?: ByteRange): Promise<Readable> {
      assertValidStorageKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return object.Body as Readable;
      } catch (error) {
        throw mapS3Error(error, key);
      }
    },

    async delete(key) {
      assertValidStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        const mapped = mapS3Error(error, key);
        if (!(mapped instanceof StorageNotFoundError)) throw mapped;
      }
    },

    async deletePrefix(prefix) {
      assertValidStoragePrefix(prefix);
      try {
        let continuationToken: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: prefix,
              MaxKeys: DELETE_BATCH_SIZE,
              ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
            }),
          );
          const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
          if (keys.length > 0) {
            await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
          }
          continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (continuationToken);
      } catch (error) {
        throw mapS3Error(error, prefix);
      }
    },
  };
}

function mapS3Error(error: unknown, key: string): Error {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound')
      return new StorageNotFoundError(key);
    if (status !== undefined && status >= 500) {
      return new AppError('unavailable', SERVER_MESSAGES.unavailable, { cause: error.name });
    }
    return error;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const name = (error as Error | undefined)?.name;
  if (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'ETIMEDOUT' ||
    name === 'TimeoutError'
  ) {
    return new AppError('unavailable', SERVER_MESSAGES.unavailable, { cause: code ?? name });
  }
  return error instanceof Error ? error : new Error(String(error));
}
