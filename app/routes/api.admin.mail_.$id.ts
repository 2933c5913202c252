import { z } from 'zod';
import { methodNotAllowed, notFound } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { actionOnlyLoader, jsonRoute } from '@server/http/json-route';
import { MAIL_NOT_FOUND, sendAgain } from '@server/mail/send-again';
import type { Route } from './+types/api.admin.mail_.$id';

const IdSchema = z.uuid();

export const loader = actionOnlyLoader(['POST']);

/** POST: "Send again" for a message given up (issue 30 item 1); it is queued with a fresh 24 hours of retries. */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: 'The email could not be queued again.', what: 'mail send again' },
  async ({ request, context, params }) => {
    // The session first: without one, every method is 401 (tests/integration/admin-guard.test.ts).
    const actor = await requireAdmin(request, context, 'mail.manage');
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const id = IdSchema.safeParse(params.id);
    if (!id.success) throw notFound(MAIL_NOT_FOUND);
    await sendAgain({ db: context.db, id: id.data, actor });
    context.mail.deliverNow().catch((error: unknown) => context.logger.error({ err: error }, 'mail delivery failed'));
    return { queued: true };
  },
);
