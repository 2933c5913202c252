import { describe, expect, it, vi } from 'vitest';
import { APP_ERROR_CODES, AppError, ProviderError, TooManyRequestsError } from './app-error';

describe('AppError', () => {
  it('takes its status from the closed code list', () => {
    expect(new AppError('invalid-json', { message: 'x' }).status).toBe(400);
    expect(new ProviderError('shopify-failed', { message: 'x' }).status).toBe(APP_ERROR_CODES['shopify-failed']);
  });

  it('a 429 always says when to come back', () => {
    const error = new TooManyRequestsError('rate-limited', { message: 'Slow down', retryAfterSeconds: 0.2 });
    expect(error.status).toBe(429);
    expect(error.headers['Retry-After']).toBe('1');
  });

  it('recognises an error of another copy of the module (the route build and the services are bundled apart)', async () => {
    vi.resetModules();
    const copy = await import('./app-error');
    expect(copy.AppError).not.toBe(AppError);
    const foreign = new copy.ProviderError('shopify-failed', { message: 'x' });
    expect(foreign instanceof AppError).toBe(true);
    expect(foreign instanceof ProviderError).toBe(true);
    expect(foreign instanceof TooManyRequestsError).toBe(false);
    expect(new Error('x') instanceof AppError).toBe(false);
    expect(new AppError('not-found', { message: 'x' }) instanceof ProviderError).toBe(false);
  });
});
