/**
 * Where uploaded images live. The local folder (DATA_DIR/uploads, served at /uploads/*) is
 * the default; an S3-compatible bucket (s3-image-storage.ts) is the other implementation.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStorage {
  /** Stores the bytes under `key` (a flat file name) and returns its public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+\.webp$/;

/** A key every store accepts: a flat, lowercase variant file name (`<uuid>-<width>.webp`). */
export function isImageStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function createLocalImageStorage(options: { uploadsDir: string; publicPrefix?: string }): ImageStorage {
  const prefix = options.publicPrefix ?? '/uploads';
  return {
    async put(key, body) {
      if (!KEY_PATTERN.test(key)) throw new Error(`bad storage key ${key}`);
      await mkdir(options.uploadsDir, { recursive: true });
      await writeFile(path.join(options.uploadsDir, key), body);
      return `${prefix}/${key}`;
    },
    async remove(key) {
      if (!KEY_PATTERN.test(key)) return;
      await rm(path.join(options.uploadsDir, key), { force: true });
    },
  };
}
