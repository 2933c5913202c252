/**
 * Issue 28 item 4 in the browser: the Backups tab's Back up now, the new archive in the list
 * with its size and counts, its download (the admin session's), and the dashboard without the
 * two-day warning afterwards. Screenshots at 375 and 1440 px go to test-results/screens/.
 */
import { expect, test } from '@playwright/test';
import { screenshotAt, signInAdmin } from './helpers/shop';

test('Back up now, the list, the download, and no warning on the dashboard afterwards', async ({ page }) => {
  await signInAdmin(page);
  await page.getByRole('tab', { name: 'Backups' }).click();
  const panel = page.getByRole('region', { name: /^Backups/ });
  await expect(panel.getByText(/The shop backs itself up every day and keeps the newest 7/)).toBeVisible();
  const rows = panel.getByTestId('backup-row');
  const before = await rows.count();

  await panel.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup made')).toBeVisible({ timeout: 20_000 });
  await expect(rows).toHaveCount(before + 1);
  const newest = rows.first();
  await expect(newest).toContainText(/\d+(\.\d)? kB · Made by hand/);
  await expect(newest).toContainText(/\d[\d,]* products? · \d[\d,]* orders? · \d[\d,]* customers?/);
  await screenshotAt(page, 'admin-backups');

  const download = page.waitForEvent('download');
  await newest.getByRole('button', { name: /^Download the backup of / }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^wyf-backup-\d{4}-\d{2}-\d{2}-\d{6}\.\d{3}-[0-9a-f]{4}\.tar\.gz$/,
  );

  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('stat-Total Products')).not.toHaveText('…');
  await expect(page.getByTestId('backup-warning')).toHaveCount(0);
});
