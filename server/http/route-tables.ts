/**
 * Two route tables from one React Router build (decision 024): the pages, and the API under
 * /api/. React Router walks its whole table several times for every request it answers
 * (matching it twice, building its server routes, and the manifest of the routes a page may
 * discover), so a page render paid for the 25 API routes it can never reach, about a tenth of
 * a cold page's CPU. Each table keeps the root route (every route's parent) and the catch-all
 * not-found route, so an unknown address answers as it did with one table; `/__manifest` (route
 * discovery) is answered from the pages' table, which is all a browser ever navigates to (the
 * pages call the API with fetch).
 */
import type { ServerBuild } from 'react-router';
import { isApiPath } from './refuse';

type RouteEntry = { path?: string; parentId?: string };

/** The API's routes: resource routes mounted under /api/ (`isApiPath`, refuse.ts). */
function isApiRoute(route: RouteEntry): boolean {
  return route.path !== undefined && isApiPath(`/${route.path}`);
}

/** The routes of a table (by id) that `keep` accepts, with every ancestor of one of them. */
function selectRoutes<R extends RouteEntry>(routes: Record<string, R | undefined>, keep: (route: R) => boolean) {
  const selected: Record<string, R> = {};
  const add = (id: string | undefined) => {
    for (let current = id; current !== undefined && !(current in selected);) {
      const route = routes[current];
      if (!route) break;
      selected[current] = route;
      current = route.parentId;
    }
  };
  for (const [id, route] of Object.entries(routes)) if (route && keep(route)) add(id);
  return selected;
}

function tableOf(build: ServerBuild, keep: (route: RouteEntry) => boolean): ServerBuild {
  const routes: ServerBuild['routes'] = selectRoutes<NonNullable<ServerBuild['routes'][string]>>(build.routes, keep);
  const ids = new Set(Object.keys(routes));
  const manifestRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => ids.has(id)));
  return { ...build, routes, assets: { ...build.assets, routes: manifestRoutes } };
}

/** The pages' table and the API's table of one build. */
export function splitRouteTables(build: ServerBuild): { pages: ServerBuild; api: ServerBuild } {
  const catchAll = (route: RouteEntry) => route.path === '*';
  return {
    pages: tableOf(build, (route) => !isApiRoute(route)),
    api: tableOf(build, (route) => isApiRoute(route) || catchAll(route)),
  };
}
