/**
 * Issue 32 item 7: on a phone the collection grids and the home page's featured grid show two
 * cards a row (one card a row made the home page about 8,000 px tall at 375 px), and every
 * control of a card stays inside it and works at 320 px: the swatches, both selects, the
 * carousel's arrows and Add to Cart. Screenshots at 320 and 375 px go to test-results/screens/.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { screenshotAt, skipPromo } from './helpers/shop';

const GRID_PAGES = [
  { path: '/', grid: '#featured-products ul' },
  { path: '/t-shirts', grid: '#products ul' },
  { path: '/accessories', grid: '#products ul' },
  { path: '/search?q=hoodie', grid: 'main ul' },
];

/** The boxes of the first `count` cards of a grid. */
async function cardBoxes(grid: Locator, count: number) {
  const boxes = [];
  for (let index = 0; index < count; index += 1) {
    const box = await grid.getByRole('article').nth(index).boundingBox();
    expect(box).not.toBeNull();
    boxes.push(box!);
  }
  return boxes;
}

/** Every control of a card lies inside the card (nothing cut off or sticking out). */
async function controlsOverflow(card: Locator): Promise<string[]> {
  return card.evaluate((article) => {
    const outer = article.getBoundingClientRect();
    return [...article.querySelectorAll<HTMLElement>('button, select, a, h3')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const outside = box.left < outer.left - 0.5 || box.right > outer.right + 0.5;
        // A button whose label does not fit scrolls inside itself.
        return outside || element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? element.tagName);
  });
}

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

for (const width of [320, 375]) {
  test(`two cards a row at ${width} px on the home page and the collections, controls inside each card`, async ({
    page,
  }) => {
    await skipPromo(page);
    await page.setViewportSize({ width, height: 800 });
    for (const { path, grid: gridSelector } of GRID_PAGES) {
      await page.goto(path);
      const grid = page.locator(gridSelector).first();
      const [first, second, third] = await cardBoxes(grid, 3);
      expect(Math.abs(first!.y - second!.y), `${path}: the first two cards share a row`).toBeLessThan(1);
      expect(second!.x, path).toBeGreaterThan(first!.x + first!.width);
      expect(third!.y, `${path}: the third card starts the second row`).toBeGreaterThan(first!.y + first!.height);
      expect(first!.width, path).toBeLessThan(width / 2);
      for (let index = 0; index < 4; index += 1) {
        expect(await controlsOverflow(grid.getByRole('article').nth(index)), `${path} card ${index + 1}`).toEqual([]);
      }
      expect(await pageScrollsSideways(page), `${path} scrolls sideways`).toBe(false);
    }
  });
}

test('at 320 px a card in the second column can be used: swatch, arrows, selects and Add to Cart', async ({ page }) => {
  await skipPromo(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/');
  // A card of the second column with colors and a carousel (whichever the featured grid shows).
  const cards = page.locator('#featured-products').getByRole('article');
  let card = cards.first();
  for (let index = 0; index < (await cards.count()); index += 1) {
    const candidate = cards.nth(index);
    const box = (await candidate.boundingBox())!;
    const swatches = await candidate.getByRole('group', { name: 'Color swatches' }).getByRole('button').count();
    if (box.x > 160 && swatches > 1 && (await candidate.getByRole('button', { name: 'Next image' }).count()) === 1) {
      card = candidate;
      break;
    }
  }
  expect((await card.boundingBox())!.x).toBeGreaterThan(160);
  const title = (await card.getAttribute('aria-label'))!;
  const color = card.getByLabel('Color', { exact: true });
  const values = await color
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await card.getByRole('group', { name: 'Color swatches' }).getByRole('button').nth(1).click();
  await expect(color).toHaveValue(values[1]!);
  const slide = card.getByRole('img', { name: /^Image \d+ of \d+$/ });
  const before = await slide.getAttribute('aria-label');
  await card.getByRole('button', { name: 'Next image' }).click();
  await expect(slide).not.toHaveAttribute('aria-label', before!);
  await card.getByRole('button', { name: 'Previous image' }).click();
  await expect(slide).toHaveAttribute('aria-label', before!);
  await color.selectOption(values[0]!);
  await expect(color).toHaveValue(values[0]!);
  const size = card.getByLabel('Size', { exact: true });
  // The last size still sold in this color.
  const sizes = await size
    .locator('option')
    .evaluateAll((options) =>
      options
        .filter((option) => !option.textContent?.includes('sold out'))
        .map((option) => (option as HTMLOptionElement).value),
    );
  await size.selectOption(sizes.at(-1)!);
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${title} added to cart!`)).toBeVisible();
  await expect(page.getByText(`Color: ${values[0]}, Size: ${sizes.at(-1)}`)).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/');
  await screenshotAt(page, 'phone-grid-home', [320, 375]);
  await page.goto('/t-shirts');
  await screenshotAt(page, 'phone-grid-t-shirts', [320, 375]);
});
