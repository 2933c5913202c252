import * as ADMIN_MESSAGES from '@domain/admin-messages';
import { badRequest, methodNotAllowed } from '@server/app-error';
import { requireAdmin } from '@server/staff/require-admin';
import { jsonResponse, jsonRoute, postOnlyLoader } from '@server/http/json-route';
import { uploadProductImage } from '@server/media/upload-product-image';
import type { Route } from './+types/api.admin.uploads';

export const loader = postOnlyLoader;

/** POST multipart with one `file`: checked by content, stored as WebP; returns its URL. */
export const action = jsonRoute<Route.ActionArgs>(
  { failureMessage: ADMIN_MESSAGES.uploadFailed('please try again'), what: 'image upload' },
  async ({ request, context }) => {
    await requireAdmin(request, context);
    if (request.method !== 'POST') throw methodNotAllowed('POST');
    const form = await request.formData().catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string') throw badRequest(ADMIN_MESSAGES.imageTypeInvalid, 'invalid-image');
    const result = await uploadProductImage({
      db: context.db,
      storage: context.imageStorage,
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    return jsonResponse({ url: result.url, id: result.id }, { status: 201 });
  },
);
