/**
 * The admin's routes, enumerated from app/routes (so a route added later is walked by the
 * guard and role tests without editing them): its URL with a sample id for each parameter,
 * and the methods it answers (an action answers every writing method; an action-only
 * endpoint's loader answers GET 405 without looking at the session).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROUTES_DIR = path.resolve(import.meta.dirname, '../../app/routes');
export const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

export interface AdminRoute {
  file: string;
  url: string;
  hasLoader: boolean;
  hasAction: boolean;
  isPage: boolean;
}

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function adminRoutes(): AdminRoute[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /^(api\.admin\.|admin[.\-_]|admin\.tsx$)/.test(file) && !/\.test\./.test(file))
    .map((file) => {
      const source = readFileSync(path.join(ROUTES_DIR, file), 'utf8');
      const url =
        '/' +
        file
          .replace(/\.(tsx?|jsx?)$/, '')
          .split('.')
          .map((segment) => segment.replace(/_$/, ''))
          .filter((segment) => segment !== '_index' && !segment.startsWith('_'))
          .map((segment) => (segment.startsWith('$') ? SAMPLE_ID : segment))
          .join('/');
      const actionOnly = /export const loader = (postOnlyLoader|actionOnlyLoader\()/.test(source);
      return {
        file,
        url,
        hasLoader: /export ((async )?function|const) loader\b/.test(source) && !actionOnly,
        hasAction: /export ((async )?function|const) action\b/.test(source),
        isPage: file.endsWith('.tsx'),
      };
    });
}
