/**
 * Cached pages in a real browser (issue 15 item 1, decision 018): a page served from the page
 * cache carries a hash-based CSP; the browser reports no violation, its scripts run (the page
 * hydrates) and Add to Cart works.
 */
import { expect, test, type Page } from '@playwright/test';

async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  await page.addInitScript(() => {
    sessionStorage.setItem('promoDialogSeen', 'true');
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

test.describe('page cache', () => {
  for (const path of ['/products/simple-cross-tee', '/', '/t-shirts?filter=vintage']) {
    test(`a cached ${path} runs its scripts under a hash-based policy`, async ({ page, request }) => {
      await request.get(path); // fills the cache
      const violations = await watchCsp(page);
      const response = await page.goto(path);
      // Served from the cache: fresh, or stale while a background render refreshes it (the fill
      // above may find an entry an earlier test made, already past its fresh time).
      expect(['hit', 'stale']).toContain(response!.headers()['x-page-cache']);
      const csp = response!.headers()['content-security-policy']!;
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp).not.toContain('nonce-');
      // Hydrated: React Router's client router is up.
      await page.waitForFunction(() =>
        Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules),
      );
      if (path.startsWith('/products/')) {
        await page.getByRole('button', { name: 'M', exact: true }).click();
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await expect(page.getByTestId('cart-count')).toHaveText('1');
      } else {
        const card = page
          .getByRole('article')
          .filter({ has: page.getByRole('button', { name: 'Add to Cart' }) })
          .first();
        await card.getByRole('button', { name: 'Add to Cart' }).click();
        await expect(page.getByTestId('cart-count')).toHaveText('1');
      }
      expect(await violations()).toEqual([]);
    });
  }
});
