import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The confirmation / reset link of the newest .eml to `to` in the shop's outbox. */
export async function linkFromOutbox(to: string, linkPath: string, count = 1): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let link = '';
  await expect
    .poll(async () => {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
      const mails = [];
      for (const name of names) {
        const raw = await readFile(path.join(dir, name), 'utf8');
        if (new RegExp(`^To: ${to}$`, 'm').test(raw)) mails.push(raw);
      }
      if (mails.length < count) return false;
      const decoded = mails[count - 1]!.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) =>
        String.fromCharCode(parseInt(h, 16)),
      );
      link = new RegExp(`https?://[^\\s"<>]+${linkPath.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(decoded)?.[0] ?? '';
      return link !== '';
    })
    .toBe(true);
  return link;
}
