/**
 * A local S3-compatible server (s3rver) for the object-storage tests, with one bucket, and
 * the six S3_* settings that point the shop at it. Objects are readable by plain GET at
 * `${url}/${bucket}/${key}`, which is the public base URL the shop links to.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './process';

export interface S3TestServer {
  url: string;
  bucket: string;
  /** S3_ENDPOINT ... S3_PUBLIC_BASE_URL for this server. */
  env: Record<string, string>;
  /** A plain GET of the object (404 when the bucket has no such key). */
  get(key: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'wyf-images'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'wyf-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    env: {
      S3_ENDPOINT: url,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_BASE_URL: `${url}/${bucket}`,
    },
    get: (key) => fetch(`${url}/${bucket}/${key}`),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
