/**
 * PGlite has no cross-process lock and two writers lose data silently (STACK-NOTES
 * pitfall 1), so exactly one process may open a data folder. The lock is a directory
 * created atomically by proper-lockfile and refreshed while we live; a crashed owner's
 * lock goes stale after STALE_MS.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another running shop process; stop it first ` +
        `(or set DATA_DIR to another folder). A crashed process releases it within ${STALE_MS / 1000} s.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Takes the lock or throws DataDirLockedError. Returns the release function. */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'shop.lock'),
      stale: STALE_MS,
      update: STALE_MS / 2,
      retries: 0,
      realpath: false,
      onCompromised,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
