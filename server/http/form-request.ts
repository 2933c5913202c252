/**
 * Reading an HTML form body in a page action: a body that is not a form (JSON, text, no
 * content type) is refused with 415, a form that cannot be parsed (broken multipart) with
 * 400, both as AppErrors the page shows; neither is an unexpected error with a stack trace.
 */
import { AppError } from '../app-error';
import { REFUSALS } from './refuse';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export async function readFormBody(request: Request): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw new AppError(REFUSALS.formRequired.code, { message: REFUSALS.formRequired.message });
  }
  try {
    return await request.formData();
  } catch {
    throw new AppError(REFUSALS.formUnreadable.code, { message: REFUSALS.formUnreadable.message });
  }
}
