/** Better Auth's endpoints under /api/auth/* (sign-up, sign-in, sign-out, verify-email, password reset). */
import type { Route } from './+types/api.auth.$';

async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  return context.auth.handler(request);
}

export const loader = (args: Route.LoaderArgs) => handle(args);
export const action = (args: Route.ActionArgs) => handle(args);
