/**
 * Opens an archive for a restore and proves it whole before anything is written to the
 * target: its manifest is read first (a pass over the archive that writes nothing), then the
 * archive is unpacked into a private temporary folder (never the target), writing only the
 * entries the manifest lists at the size it lists (a small archive that unpacks into gigabytes
 * is refused from its headers, before its bytes reach the disk); every file's SHA-256 is
 * compared with the manifest, each table's row count with its COPY data, and nothing may be
 * there that the manifest does not list.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extract as extractTar, list as listTar } from 'tar';
import { ArchivePathSchema, MANIFEST_FILE, ManifestSchema, uploadPath, type Manifest } from './archive-format';
import { digestFile } from './digest';

/** Refused before anything was written: the message is one line a person can act on. */
export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefusedError';
  }
}

export interface OpenedArchive {
  folder: string;
  manifest: Manifest;
  /** The path of an archive entry on disk. */
  pathOf(entry: string): string;
  close(): Promise<void>;
}

const FOLDERS = new Set(['database/', 'database/data/', 'uploads/', 'secrets/']);

export async function openArchive(archive: string): Promise<OpenedArchive> {
  try {
    if (!(await stat(archive)).isFile()) throw new ArchiveRefusedError(`${archive} is not a file`);
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError(`No backup archive at ${archive}`);
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'wyf-restore-'));
  // Retried: an extraction that failed half-way may still be closing its last file.
  const close = () => rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  try {
    const manifest = parseManifest(await readManifestEntry(archive));
    const entries = await unpack(archive, folder, manifest);
    await checkFiles(folder, manifest, entries);
    return { folder, manifest, pathOf: (entry) => path.join(folder, entry), close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

const damaged = (error: unknown) =>
  new ArchiveRefusedError(
    `The archive is damaged or incomplete (${error instanceof Error ? error.message : String(error)}); nothing was restored`,
  );

/** The manifest's text, read in a pass that writes nothing (null: the archive has none). */
async function readManifestEntry(archive: string): Promise<string | null> {
  let text: string | null = null;
  try {
    await listTar({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path !== MANIFEST_FILE || entry.type !== 'File' || entry.size > MANIFEST_MAX_BYTES) {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
      },
    });
  } catch (error) {
    throw damaged(error);
  }
  return text;
}

/** A manifest far larger than any shop's (its file list and table shapes): not read. */
const MANIFEST_MAX_BYTES = 32 * 1024 * 1024;

async function unpack(archive: string, folder: string, manifest: Manifest): Promise<string[]> {
  const files: string[] = [];
  const strange: string[] = [];
  const unlisted: string[] = [];
  try {
    await extractTar({
      file: archive,
      cwd: folder,
      strict: true,
      preservePaths: false,
      // Only plain files and the known folders: no links, devices or paths elsewhere.
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (type === 'Directory' && FOLDERS.has(entryPath)) return true;
        if (type === 'File' && ArchivePathSchema.safeParse(entryPath).success) {
          // Written only at the size the manifest gives it (its bytes are checked after).
          const size = 'size' in entry ? entry.size : undefined;
          const listed = entryPath === MANIFEST_FILE ? size : manifest.files[entryPath]?.bytes;
          if (listed === undefined || listed !== size) {
            unlisted.push(entryPath);
            return false;
          }
          files.push(entryPath);
          return true;
        }
        strange.push(entryPath);
        return false;
      },
    });
  } catch (error) {
    throw damaged(error);
  }
  if (unlisted.length) {
    throw new ArchiveRefusedError(
      `The archive holds ${unlisted[0]}, which its manifest does not list at that size (altered?); nothing was restored`,
    );
  }
  if (strange.length) {
    throw new ArchiveRefusedError(
      `The archive holds entries a backup never has (${strange.slice(0, 3).join(', ')}); nothing was restored`,
    );
  }
  return files;
}

function parseManifest(text: string | null): Manifest {
  if (text === null) {
    throw new ArchiveRefusedError(
      'This is not a Wear Your Faith backup (it has no manifest.json); nothing was restored',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ArchiveRefusedError("The archive's manifest.json is not valid JSON; nothing was restored");
  }
  const result = ManifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ArchiveRefusedError(
      `The archive's manifest is not one this shop reads (${issue.path.join('.') || 'manifest'}: ${issue.message}); nothing was restored`,
    );
  }
  return result.data;
}

async function checkFiles(folder: string, manifest: Manifest, entries: string[]) {
  const listed = new Set(Object.keys(manifest.files));
  for (const entry of entries) {
    if (entry !== MANIFEST_FILE && !listed.has(entry)) {
      throw new ArchiveRefusedError(
        `The archive holds ${entry}, which its manifest does not list (altered?); nothing was restored`,
      );
    }
  }
  const present = new Set(entries);
  const lineCounts = new Map<string, number>();
  for (const [entry, expected] of Object.entries(manifest.files)) {
    if (!present.has(entry))
      throw new ArchiveRefusedError(`The archive lacks ${entry} (incomplete); nothing was restored`);
    const actual = await digestFile(path.join(folder, entry));
    lineCounts.set(entry, actual.lines);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
      throw new ArchiveRefusedError(
        `Checksum mismatch in ${entry} (the archive was altered or damaged); nothing was restored`,
      );
    }
  }
  for (const table of manifest.tables) {
    const file = manifest.files[table.file];
    if (!file || file.sha256 !== table.sha256) {
      throw new ArchiveRefusedError(`Checksum mismatch for table ${table.name} in the manifest; nothing was restored`);
    }
    const lines = lineCounts.get(table.file);
    if (lines !== table.rows) {
      throw new ArchiveRefusedError(
        `Table ${table.name} has ${lines} rows in the archive, its manifest says ${table.rows}; nothing was restored`,
      );
    }
  }
  if (manifest.images.storage === 'local') {
    for (const key of manifest.images.keys) {
      if (!manifest.files[uploadPath(key)])
        throw new ArchiveRefusedError(`The archive lacks the image ${key}; nothing was restored`);
    }
  }
}
