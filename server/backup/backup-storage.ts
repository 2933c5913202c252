/**
 * Where finished archives live: DATA_DIR/backups (owner-only folder and files), or the S3
 * bucket of the S3_* settings under BACKUP_S3_PREFIX. An archive is always written to a
 * temporary file first; `store` makes it appear whole under its name (a rename, or one PUT),
 * so a crash leaves a complete archive or none.
 */
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config.server';
import { isArchiveName } from './archive-format';

export interface StoredArchive {
  name: string;
  bytes: number;
}

export interface BackupStorage {
  location: 'local' | 's3';
  /** Moves a finished temporary archive to `name`. */
  store(tempFile: string, name: string): Promise<void>;
  /** The archives there, newest first. */
  list(): Promise<StoredArchive[]>;
  remove(name: string): Promise<void>;
  /** The archive's bytes, or null when it is gone. */
  open(name: string): Promise<{ body: Readable; bytes: number } | null>;
  /** Where an archive is, for people: a path or s3://bucket/key. */
  describe(name: string): string;
}

/**
 * The bucket's client for archives: as the images' one (path-style), but an archive is
 * streamed from its file, and the SDK's default checksums would send a stream as aws-chunked
 * with a trailing checksum, which several S3-compatible stores (s3rver, older MinIO) save
 * as it came; the manifest carries the archive's own checksums.
 */
export function createBackupS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    maxAttempts: 3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export const backupsFolder = (dataDir: string) => path.join(dataDir, 'backups');

/** The folder for archives and their temporary files, readable by the owner alone. */
export async function ensureBackupsFolder(dataDir: string): Promise<string> {
  const folder = backupsFolder(dataDir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  return folder;
}

export function getBackupStorage(config: Pick<Config, 'dataDir' | 's3' | 'backup'>, client?: S3Client): BackupStorage {
  if (config.backup.s3Prefix && config.s3) {
    return createS3BackupStorage(config.s3.bucket, config.backup.s3Prefix, client ?? createBackupS3Client(config.s3));
  }
  return createLocalBackupStorage(backupsFolder(config.dataDir));
}

export function createLocalBackupStorage(folder: string): BackupStorage {
  return {
    location: 'local',
    async store(tempFile, name) {
      await rename(tempFile, path.join(folder, name));
      // The rename itself reaches the disk only with the folder's entry.
      const directory = await open(folder, 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    },
    async list() {
      const names = (await readdir(folder).catch(() => [] as string[])).filter(isArchiveName);
      const archives = await Promise.all(
        names.map(async (name) => ({ name, bytes: (await stat(path.join(folder, name))).size })),
      );
      return archives.sort((a, b) => b.name.localeCompare(a.name));
    },
    async remove(name) {
      if (isArchiveName(name)) await rm(path.join(folder, name), { force: true });
    },
    async open(name) {
      if (!isArchiveName(name)) return null;
      const file = path.join(folder, name);
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), bytes: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    describe: (name) => path.join(folder, name),
  };
}

export function createS3BackupStorage(bucket: string, prefix: string, client: S3Client): BackupStorage {
  const keyOf = (name: string) => `${prefix}/${name}`;
  return {
    location: 's3',
    async store(tempFile, name) {
      const { size } = await stat(tempFile);
      // One PUT: the object appears whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Body: createReadStream(tempFile),
          ContentLength: size,
          ContentType: 'application/gzip',
        }),
      );
      await rm(tempFile, { force: true });
    },
    async list() {
      const archives: StoredArchive[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length + 1) ?? '';
          if (isArchiveName(name)) archives.push({ name, bytes: object.Size ?? 0 });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return archives.sort((a, b) => b.name.localeCompare(a.name));
    },
    async remove(name) {
      if (isArchiveName(name)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
    },
    async open(name) {
      if (!isArchiveName(name)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
        return { body: answer.Body as Readable, bytes: answer.ContentLength ?? 0 };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    describe: (name) => `s3://${bucket}/${keyOf(name)}`,
  };
}
