// Picks the storage provider from config: S3-compatible object storage when S3_BUCKET is set, else local disk.
import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StorageProvider } from './storage-provider.ts';

export function createStorage(config: Config): StorageProvider {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(path.join(config.dataDir, 'media'), {
    memoryCacheBytes: config.MEDIA_CACHE_MB * 1024 * 1024,
  });
}
