/**
 * Uploaded images in an S3-compatible bucket (S3_* settings). Keys are the same flat
 * variant file names as in the local folder; pages link to S3_PUBLIC_BASE_URL + '/' + key,
 * so the bucket (or a CDN in front of it) serves them, not the shop.
 */
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.server';
import { isImageStorageKey, type ImageStorage } from './image-storage';

/** Stored images never change under their key (a new upload gets a new id). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createS3ImageStorage(config: S3Config, client: S3Client = createS3Client(config)): ImageStorage {
  return {
    async put(key, body, contentType) {
      if (!isImageStorageKey(key)) throw new Error(`bad storage key ${key}`);
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE }),
      );
      return `${config.publicBaseUrl}/${key}`;
    },
    async remove(key) {
      if (!isImageStorageKey(key)) return;
      // DeleteObject of a missing key succeeds, like rm --force.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Path-style (endpoint/bucket/key) works on every S3-compatible store (MinIO, R2, s3rver);
    // virtual-hosted names need DNS per bucket.
    forcePathStyle: true,
    maxAttempts: 3,
  });
}
