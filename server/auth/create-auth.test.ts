import { describe, expect, it } from 'vitest';
import { authLogLevel, trustedOriginsFor } from './create-auth';

describe('trustedOriginsFor', () => {
  it('trusts only the public origin of a real domain', () => {
    expect(trustedOriginsFor('https://shop.example.com/')).toEqual(['https://shop.example.com']);
  });
  it('trusts both loopback names for a local shop', () => {
    expect(trustedOriginsFor('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(trustedOriginsFor('http://127.0.0.1:4000')).toEqual(['http://127.0.0.1:4000', 'http://localhost:4000']);
  });
});

describe('authLogLevel', () => {
  it('logs what any visitor can cause as a warning, and keeps error for the shop', () => {
    for (const message of [
      'Invalid origin: https://evil.example',
      'Invalid callbackURL: https://evil.example',
      'Blocked cross-site request',
      'Change email is disabled.',
      'Delete user is disabled. Enable it in the options',
      "send otp isn't configured",
    ]) {
      expect(authLogLevel('error', message), message).toBe('warn');
    }
    expect(authLogLevel('error', 'Failed to create user')).toBe('error');
    expect(authLogLevel('info', "If it's a valid URL, please add it to trustedOrigins")).toBe('debug');
  });
});
