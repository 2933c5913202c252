import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentOwner, DataDirLockedError, isOwnerGone, lockDataDir, ownerRecordFor } from './data-dir-lock';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited };
}

describe('who holds a data folder', () => {
  const self = currentOwner();

  it('a live process on this host holds it; the same pid started later (a reused pid) does not', async () => {
    const { child, exited } = sleeper();
    try {
      const owner = ownerRecordFor(child.pid!)!;
      expect(isOwnerGone(owner, self)).toBe(false);
      if (owner.startTicks) expect(isOwnerGone({ ...owner, startTicks: String(Number(owner.startTicks) - 1) }, self)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  });

  it('a killed process is gone at once', async () => {
    const { child, exited } = sleeper();
    const owner = ownerRecordFor(child.pid!)!;
    child.kill('SIGKILL');
    await exited;
    expect(isOwnerGone(owner, self)).toBe(true);
  });

  it('a holder on another host is never judged from here; one from before a reboot is gone', () => {
    expect(isOwnerGone({ ...self, pid: 1, hostname: `${self.hostname}-other` }, self)).toBe(false);
    if (self.bootId) expect(isOwnerGone({ ...self, pid: 1, bootId: 'an-earlier-boot' }, self)).toBe(true);
  });

  it('our own pid in a lock we do not hold is a previous life of this pid', () => {
    expect(isOwnerGone({ ...self }, self)).toBe(true);
  });
});

describe('lockDataDir', () => {
  it('refuses a second lock of a folder this process holds, and releases cleanly', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wyf-lock-'));
    folders.push(dataDir);
    const release = await lockDataDir(dataDir, () => undefined);
    expect(existsSync(path.join(dataDir, 'shop.lock', 'owner.json'))).toBe(true);
    await expect(lockDataDir(dataDir, () => undefined)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    const again = await lockDataDir(dataDir, () => undefined);
    await again();
  });
});
