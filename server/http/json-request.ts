/**
 * Reading a JSON request body: a body that is not JSON is refused with one wording for
 * every endpoint (400, AppError 'invalid-json'). Query filters the same way (400 'Invalid filter').
 */
import type { z } from 'zod';
import { AppError, badRequest } from '../app-error';

/** The URL's query parameters parsed by `schema`, or a 400. */
export function readQuery<Schema extends z.ZodType>(request: Request, schema: Schema): z.infer<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw badRequest('Invalid filter', 'invalid-filter');
  return parsed.data;
}

export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new AppError('invalid-json', { message: 'The request body is not valid JSON' });
  }
}
