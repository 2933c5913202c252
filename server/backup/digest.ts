/**
 * SHA-256, size and line count of a stream of bytes, in one pass: the manifest's checksums
 * and row counts (a COPY text row is one line) are computed the same way when a backup
 * writes a table, when a restore checks the archive and when it checks the restored table.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export interface Digest {
  sha256: string;
  bytes: number;
  lines: number;
}

export async function digest(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  onChunk?: (chunk: Uint8Array) => Promise<unknown>,
): Promise<Digest> {
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    bytes += chunk.byteLength;
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
    await onChunk?.(chunk);
  }
  return { sha256: hash.digest('hex'), bytes, lines };
}

export const digestFile = (file: string) => digest(createReadStream(file) as AsyncIterable<Buffer>);
