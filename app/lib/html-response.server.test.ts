import { createElement as h, Suspense, use } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHtmlResponse } from './html-response.server';

/** A page whose one Suspense boundary waits `ms` for its content (0: a few turns, like a data script). */
function page(ms: number, options: { fail?: boolean } = {}) {
  const content = new Promise<string>((resolve, reject) =>
    setTimeout(() => (options.fail ? reject(new Error('boom')) : resolve('late content')), ms),
  );
  function Late() {
    return h('p', null, use(content));
  }
  return h(
    'html',
    null,
    h('body', null, h('h1', null, 'Shell'), h(Suspense, { fallback: h('i', null, 'waiting') }, h(Late))),
  );
}

const render = (element: React.ReactNode, overrides: Partial<Parameters<typeof renderHtmlResponse>[1]> = {}) =>
  renderHtmlResponse(element, {
    status: 200,
    headers: new Headers(),
    waitForAll: false,
    abortAfterMs: 5_000,
    onError: () => {},
    ...overrides,
  });

describe('renderHtmlResponse', () => {
  it('answers a render that finishes soon after its shell whole: the content in place, no placeholder or swap script', async () => {
    const response = await render(page(0), { waitMs: 1_000 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<h1>Shell</h1><!--$--><p>late content</p><!--/$-->');
    expect(html).not.toContain('waiting');
    expect(html).not.toContain('$RC');
  });

  it('streams the shell of a browser page still rendering after waitMs, then the rest', async () => {
    const started = Date.now();
    const response = await render(page(1_500), { waitMs: 20 });
    // Answered before the content was ready: the shell with its placeholder first.
    expect(Date.now() - started).toBeLessThan(1_500);
    const html = await response.text();
    expect(html).toContain('<h1>Shell</h1>');
    expect(html).toContain('waiting');
    expect(html).toContain('late content');
    expect(html).toContain('$RC');
  });

  it('gives a crawler the finished page however long it takes', async () => {
    const started = Date.now();
    const response = await render(page(300), { waitMs: 20, waitForAll: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const html = await response.text();
    expect(html).toContain('<p>late content</p>');
    expect(html).not.toContain('waiting');
  });

  it('answers a crawler when a render never finishes: what is pending is aborted and left to the browser', async () => {
    const never = new Promise<string>(() => {});
    function Stuck() {
      return h('p', null, use(never));
    }
    const element = h(
      'html',
      null,
      h('body', null, h('h1', null, 'Shell'), h(Suspense, { fallback: h('i', null, 'waiting') }, h(Stuck))),
    );
    const onError = vi.fn();
    const response = await render(element, { waitForAll: true, abortAfterMs: 50, onError });
    const html = await response.text();
    expect(html).toContain('<h1>Shell</h1>');
    expect(html).toContain('waiting');
    expect(onError).toHaveBeenCalled();
  });

  it('answers 500 and reports a render that failed after its shell', async () => {
    const onError = vi.fn();
    const response = await render(page(0, { fail: true }), { onError });
    expect(response.status).toBe(500);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), true);
    // The page is still sent: the boundary is left to the browser.
    expect(await response.text()).toContain('<h1>Shell</h1>');
  });

  it('rejects when the shell itself fails', async () => {
    function Broken(): never {
      throw new Error('shell broke');
    }
    await expect(render(h('html', null, h('body', null, h(Broken))))).rejects.toThrow('shell broke');
  });
});
