/**
 * The HTTP shell's guards as a real browser meets them (issue 12 item 6): the shop's own
 * requests (fetch, the leaving beacon) are accepted, and a form on another site posting to
 * the shop is refused, because the browser names its origin.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

test("the shop's own visitor heartbeat and leaving beacon are accepted (JSON, same origin)", async ({ page }) => {
  // Its own client address: earlier tests' heartbeats from 127.0.0.1 count against that
  // address's per-minute limit, and a 429 there is the limit working, not a refusal.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.77' });
  const answers: { type: string; status: number }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/visitors') answers.push({ type: response.request().resourceType(), status: response.status() });
  });
  await page.goto('/');
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  // The tab is hidden: the tracker says so with navigator.sendBeacon.
  const beaconSent = await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const sendBeacon = navigator.sendBeacon.bind(navigator);
    let sent = false;
    navigator.sendBeacon = (url, data) => (sent = sendBeacon(url, data));
    document.dispatchEvent(new Event('visibilitychange'));
    return sent;
  });
  expect(beaconSent).toBe(true);
  await expect.poll(() => answers.some((answer) => answer.type === 'ping')).toBe(true);
  expect(answers.every((answer) => answer.status === 204)).toBe(true);
});

test('a form on another site posting to the shop is refused with 403', async ({ page, baseURL }) => {
  const evil = http.createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end(`<!doctype html><form method="post" action="${baseURL}/sandbox/checkout/anything">
      <input name="cardNumber" value="4242424242424242"><button>Pay</button></form>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  try {
    // Another port is another origin.
    await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().includes('/sandbox/checkout/anything')),
      page.getByRole('button', { name: 'Pay' }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect(page.getByText('Cross-origin requests are not allowed.')).toBeVisible();
  } finally {
    await new Promise((resolve) => evil.close(resolve));
  }
});
