/**
 * PGlite has no cross-process lock and two writers lose data silently (STACK-NOTES
 * pitfall 1), so exactly one process may open a data folder (decision 001). The lock is a
 * directory created atomically by proper-lockfile and refreshed while we live; inside it,
 * owner.json names the holder (pid, host, boot, process start time).
 *
 * A process killed with `kill -9` cannot remove its lock. The next start reads the owner:
 * when it ran on this host and that process is gone (no such pid, a zombie, the pid reused
 * by a newer process, or the machine rebooted since), the lock is taken over at once
 * (issue 12 item 10). A live holder is still refused. A holder on another host, or one that
 * left no owner record, is judged only by the lock's age (stale after STALE_MS).
 *
 * Taking over is serialised by a short-lived second lock (shop.lock.guard), held only while
 * a process takes or takes over the main lock, so two processes starting at once after a
 * crash cannot both remove the dead holder's lock and each take one of their own.
 */
import fs from 'node:fs';
import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 10_000;
const LOCK_NAME = 'shop.lock';
const GUARD_NAME = 'shop.lock.guard';
const OWNER_FILE = 'owner.json';

/** Who holds a data folder, as written into the lock. */
export interface LockOwner {
  pid: number;
  hostname: string;
  /** Linux's boot id: a different one means the holder died with the machine. */
  bootId: string | null;
  /** The holder's start time in clock ticks since boot (Linux): tells a reused pid apart. */
  startTicks: string | null;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null = null,
  ) {
    const holder = owner ? ` (pid ${owner.pid} on ${owner.hostname})` : '';
    super(
      `DATA_DIR ${dataDir} is in use by another running shop process${holder}; stop it first ` +
        `(or set DATA_DIR to another folder).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** proper-lockfile removes a lock with rmdir; ours holds owner.json, so remove it whole. */
const lockFs = {
  ...fs,
  rmdir: (target: string, callback: (error: NodeJS.ErrnoException | null) => void) =>
    fs.rm(target, { recursive: true }, callback),
  // Used by its exit handler (a process.exit without release).
  rmdirSync: (target: string) => fs.rmSync(target, { recursive: true }),
};

/** Data folders this process holds: a second lock of one of them is refused, never taken over. */
const heldHere = new Set<string>();

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** State and start time of a process from /proc (Linux), or null where there is no /proc. */
function procStat(pid: number): { state: string; startTicks: string } | null | 'gone' {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && fs.existsSync('/proc/self/stat')) return 'gone';
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTicks: fields[19] ?? '' };
}

/** How a process on this host would be recorded as the owner (null where it is not running). */
export function ownerRecordFor(pid: number): LockOwner | null {
  const stat = procStat(pid);
  if (stat === 'gone') return null;
  return { pid, hostname: os.hostname(), bootId: readBootId(), startTicks: stat ? stat.startTicks : null };
}

export function currentOwner(): LockOwner {
  return ownerRecordFor(process.pid)!;
}

/** True only when the holder is certainly not running any more. */
export function isOwnerGone(owner: LockOwner, self: LockOwner = currentOwner()): boolean {
  if (owner.hostname !== self.hostname) return false;
  if (owner.bootId && self.bootId && owner.bootId !== self.bootId) return true;
  // Our own pid, yet not held by us: a previous life of this pid (a container restarted).
  if (owner.pid === self.pid) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const stat = procStat(owner.pid);
  if (stat === 'gone') return true;
  if (!stat) return false;
  if (stat.state === 'Z') return true; // killed, not yet reaped by its parent
  return Boolean(owner.startTicks) && stat.startTicks !== owner.startTicks;
}

async function readOwner(lockPath: string): Promise<LockOwner | null> {
  try {
    const parsed = JSON.parse(await readFile(path.join(lockPath, OWNER_FILE), 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string') return null;
    return { pid: parsed.pid, hostname: parsed.hostname, bootId: parsed.bootId ?? null, startTicks: parsed.startTicks ?? null };
  } catch {
    return null;
  }
}

/** Takes the lock or throws DataDirLockedError. Returns the release function. */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const folder = path.resolve(dataDir);
  const lockPath = path.join(folder, LOCK_NAME);
  if (heldHere.has(folder)) throw new DataDirLockedError(dataDir, currentOwner());
  const take = () =>
    lockfile.lock(folder, {
      lockfilePath: lockPath,
      stale: STALE_MS,
      update: STALE_MS / 2,
      retries: 0,
      realpath: false,
      fs: lockFs,
      onCompromised,
    });
  // Its own key (proper-lockfile tracks locks by the path passed first, not by lockfilePath).
  const guardPath = path.join(folder, GUARD_NAME);
  const releaseGuard = await lockfile.lock(guardPath, {
    lockfilePath: guardPath,
    stale: 5_000,
    // Held for milliseconds by a starting process; one that died holding it goes stale in 5 s.
    retries: { retries: 60, minTimeout: 100, maxTimeout: 100 },
    realpath: false,
    onCompromised: () => undefined,
  });
  try {
    let release: () => Promise<void>;
    try {
      release = await take();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const owner = await readOwner(lockPath);
      if (!owner || !isOwnerGone(owner)) throw new DataDirLockedError(dataDir, owner);
      await rm(lockPath, { recursive: true, force: true });
      try {
        release = await take();
      } catch (retryError) {
        if ((retryError as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
        throw retryError;
      }
    }
    // Writing into the lock directory moves its mtime, which proper-lockfile watches to
    // detect a lock taken from it: put the mtime it recorded back.
    const { mtime } = await stat(lockPath);
    await writeFile(path.join(lockPath, OWNER_FILE), JSON.stringify(currentOwner()));
    await utimes(lockPath, mtime, mtime);
    heldHere.add(folder);
    return async () => {
      heldHere.delete(folder);
      await release();
    };
  } finally {
    await releaseGuard().catch(() => undefined);
  }
}
