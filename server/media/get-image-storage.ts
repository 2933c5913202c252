import path from 'node:path';
import type { Config } from '../config.server';
import { createLocalImageStorage, type ImageStorage } from './image-storage';
import { createS3ImageStorage } from './s3-image-storage';

/**
 * The configured image store: the S3 bucket when the S3_* settings are given, otherwise
 * DATA_DIR/uploads (served at /uploads/* by the HTTP shell).
 */
export function getImageStorage(config: Pick<Config, 'dataDir' | 's3'>): ImageStorage {
  if (config.s3) return createS3ImageStorage(config.s3);
  return createLocalImageStorage({ uploadsDir: path.join(config.dataDir, 'uploads') });
}
