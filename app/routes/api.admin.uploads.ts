import { MESSAGES } from '@domain/messages';
import { adminJson, requireAdmin } from '@server/admin/require-admin';
import { getImageStorage } from '@server/media/get-image-storage';
import { uploadProductImage } from '@server/media/upload-product-image';
import type { Route } from './+types/api.admin.uploads';

/** POST multipart with one `file`: checked by content, stored as WebP; returns its URL. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  if (request.method !== 'POST') return adminJson({ error: 'Method not allowed' }, { status: 405 });
  const form = await request.formData().catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string') return adminJson({ error: MESSAGES.imageTypeInvalid }, { status: 400 });
  const result = await uploadProductImage({
    db: context.db,
    storage: getImageStorage(context.config),
    bytes: Buffer.from(await file.arrayBuffer()),
  });
  if (!result.ok) return adminJson({ error: result.message }, { status: result.status });
  return adminJson({ url: result.url, id: result.id }, { status: 201 });
}
