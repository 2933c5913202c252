/**
 * The two answers every public JSON endpoint gives before its own work: 405 for a method it
 * does not take, 400 for a body that is not JSON. One wording for all of them.
 */
export function methodNotAllowed(allow: string): Response {
  return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: allow } });
}

export async function readJsonBody(
  request: Request,
): Promise<{ ok: true; body: unknown } | { ok: false; response: Response }> {
  try {
    return { ok: true, body: await request.json() };
  } catch {
    return {
      ok: false,
      response: Response.json(
        { error: 'The request body is not valid JSON' },
        { status: 400, headers: { 'Cache-Control': 'no-store' } },
      ),
    };
  }
}
