import { route, type RouteConfig } from '@react-router/dev/routes';
import { flatRoutes } from '@react-router/fs-routes';
import { COLLECTION_PAGES } from './components/shop/collection-pages';

// File-based routes (Hydrogen style): app/routes/products.$slug.tsx is /products/:slug,
// app/routes/api.checkout.ts is /api/checkout, app/routes/$.tsx is every unknown path.
// The six collection pages share one module, mounted at each address of their table (the
// route ids keep the names the page files had: routes/t-shirts ...).
export default [
  ...(await flatRoutes({ ignoredRouteFiles: ['**/*.test.*', '**/.*', '**/collection-page.tsx'] })),
  ...COLLECTION_PAGES.map((page) => route(page.path.slice(1), 'routes/collection-page.tsx', { id: `routes/${page.key}` })),
] satisfies RouteConfig;
