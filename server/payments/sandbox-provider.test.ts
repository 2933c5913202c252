import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { CHECKOUT_HOLD_MINUTES } from '../../domain/stock';
import { checkSandboxCard, createSandboxProvider } from './sandbox-provider';

describe('sandbox provider', () => {
  it('pays with 4242 4242 4242 4242, spaces optional', () => {
    expect(checkSandboxCard('4242 4242 4242 4242')).toEqual({ outcome: 'paid' });
    expect(checkSandboxCard('4242424242424242')).toEqual({ outcome: 'paid' });
    expect(checkSandboxCard(' 4242-4242-4242-4242 ')).toEqual({ outcome: 'paid' });
  });

  it('declines 4000 0000 0000 0002 with the contract text', () => {
    expect(checkSandboxCard('4000 0000 0000 0002')).toEqual({
      outcome: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('explains other numbers', () => {
    expect(checkSandboxCard('')).toMatchObject({ outcome: 'invalid', message: 'Please enter a valid card number.' });
    expect(checkSandboxCard('abcd')).toMatchObject({ outcome: 'invalid' });
    expect(checkSandboxCard('5555 5555 5555 4444')).toMatchObject({
      outcome: 'invalid',
      message: expect.stringContaining('4242'),
    });
  });

  it('creates unguessable sbx_ sessions on the shop URL that expire when the checkout hold ends (CHECKOUT_HOLD_MINUTES)', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    // createSession needs no database; retrieveSession is covered by the integration tests.
    const provider = createSandboxProvider({ publicUrl: 'https://shop.example', db: {} as Executor, now: () => now });
    const input = {
      purpose: 'order' as const,
      referenceId: 'x',
      reference: 'WYF-001001',
      lines: [],
      discountCents: 0,
      shippingCents: 0,
      totalCents: 100,
      email: null,
    };
    const a = await provider.createSession(input);
    const b = await provider.createSession(input);
    expect(a.id).toMatch(/^sbx_[A-Za-z0-9_-]{24}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.url).toBe(`https://shop.example/sandbox/checkout/${a.id}`);
    // The rule's home is domain/stock.ts (SPEC: stock is held while a checkout is open), not this module.
    expect(a.expiresAt.getTime() - now.getTime()).toBe(CHECKOUT_HOLD_MINUTES * 60_000);
  });
});
