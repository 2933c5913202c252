/**
 * Issue 30 item 1 in the browser: an e-mail the shop cannot deliver (the outbox folder is
 * unusable) waits in the admin's Mail tab with its error and next try; once the folder works
 * again, Try now sends it and the list empties. Screenshots at 375 and 1440 px.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { linkFromOutbox } from './helpers/outbox';
import { screenshotAt, signInAdmin } from './helpers/shop';

const dataDir = process.env.E2E_DATA_DIR!;
const outbox = path.join(dataDir, 'outbox');
const parked = path.join(dataDir, 'outbox-parked-by-mail-spec');

test('a message that cannot be delivered waits in the Mail tab, and Try now sends it once the outbox works', async ({
  page,
  baseURL,
}) => {
  // The outbox folder is a file for a while: every delivery attempt fails.
  await mkdir(outbox, { recursive: true });
  await rename(outbox, parked);
  await writeFile(outbox, 'not a folder');
  const email = `mail-tab-${Date.now()}@example.com`;
  try {
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      headers: { Origin: baseURL! },
      data: { email, password: 'mail-tab-password-1', name: 'Mail Tab' },
    });
    expect(signUp.status()).toBe(200);

    await signInAdmin(page);
    await page.getByRole('tab', { name: 'Mail' }).click();
    const waiting = page.getByRole('region', { name: /^Waiting to be tried again/ });
    const row = waiting.getByTestId('mail-retrying-row').filter({ hasText: email });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/1 attempt · next try/);
    await expect(row).toContainText(/EEXIST|ENOTDIR|not a directory|file already exists/i);
    await expect(page.getByRole('region', { name: /^Not sent/ })).toContainText(
      'Every email has been sent or is still being tried.',
    );
    await screenshotAt(page, 'admin-mail');
  } finally {
    await rm(outbox, { force: true });
    await rename(parked, outbox);
  }

  await page.getByRole('button', { name: new RegExp(`^Try now: .* to ${email.replace(/[.]/g, '\\.')}$`) }).click();
  await expect(page.getByText('Email queued again')).toBeVisible();
  await expect(page.getByTestId('mail-retrying-row').filter({ hasText: email })).toHaveCount(0);
  expect(await linkFromOutbox(email, '/api/auth/verify-email')).toContain('/api/auth/verify-email');
});
