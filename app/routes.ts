import { type RouteConfig } from '@react-router/dev/routes';
import { flatRoutes } from '@react-router/fs-routes';

// File-based routes (Hydrogen style): app/routes/products.$slug.tsx is /products/:slug,
// app/routes/api.checkout.ts is /api/checkout, app/routes/$.tsx is every unknown path.
export default flatRoutes({ ignoredRouteFiles: ['**/*.test.*', '**/.*'] }) satisfies RouteConfig;
