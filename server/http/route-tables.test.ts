import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isApiPath } from './refuse';
import { splitRouteTables } from './route-tables';

const route = (id: string, path: string | undefined, parentId: string | undefined, index?: boolean) => ({
  id,
  path,
  parentId,
  index,
  module: {},
});

function buildOf(routes: ReturnType<typeof route>[]): ServerBuild {
  return {
    routes: Object.fromEntries(routes.map((r) => [r.id, r])),
    assets: { version: 'v1', url: '/m.js', entry: { module: '/e.js', imports: [] }, routes: Object.fromEntries(routes.map((r) => [r.id, { id: r.id }])) },
    publicPath: '/',
  } as unknown as ServerBuild;
}

const build = buildOf([
  route('root', '', undefined),
  route('routes/_index', undefined, 'root', true),
  route('routes/products.$slug', 'products/:slug', 'root'),
  route('routes/api.cart.quote', 'api/cart/quote', 'root'),
  route('routes/api.auth.$', 'api/auth/*', 'root'),
  route('routes/apiary', 'apiary', 'root'),
  route('routes/$', '*', 'root'),
]);

describe('splitRouteTables', () => {
  it('gives the pages every route but the API, root and not-found included', () => {
    const { pages } = splitRouteTables(build);
    const ids = ['root', 'routes/_index', 'routes/products.$slug', 'routes/apiary', 'routes/$'];
    expect(Object.keys(pages.routes).sort()).toEqual([...ids].sort());
    expect(Object.keys(pages.assets.routes).sort()).toEqual([...ids].sort());
  });

  it('gives the API its routes with their parent and the not-found route', () => {
    const { api } = splitRouteTables(build);
    const ids = ['root', 'routes/api.cart.quote', 'routes/api.auth.$', 'routes/$'];
    expect(Object.keys(api.routes).sort()).toEqual([...ids].sort());
    expect(Object.keys(api.assets.routes).sort()).toEqual([...ids].sort());
  });

  it('keeps the rest of the build as it is and leaves the build itself unchanged', () => {
    const { pages, api } = splitRouteTables(build);
    expect(pages.assets.version).toBe('v1');
    expect(api.publicPath).toBe('/');
    expect(Object.keys(build.routes)).toHaveLength(7);
  });
});

describe('isApiPath', () => {
  it('is true for /api and under it only, in any letter case', () => {
    expect(isApiPath('/api/cart/quote')).toBe(true);
    expect(isApiPath('/api/')).toBe(true);
    expect(isApiPath('/API/Cart/Quote')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/apix')).toBe(false);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/products/api')).toBe(false);
  });
});
