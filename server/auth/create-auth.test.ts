import { describe, expect, it } from 'vitest';
import { trustedOriginsFor } from './create-auth';

describe('trustedOriginsFor', () => {
  it('trusts only the public origin of a real domain', () => {
    expect(trustedOriginsFor('https://shop.example.com/')).toEqual(['https://shop.example.com']);
  });
  it('trusts both loopback names for a local shop', () => {
    expect(trustedOriginsFor('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(trustedOriginsFor('http://127.0.0.1:4000')).toEqual(['http://127.0.0.1:4000', 'http://localhost:4000']);
  });
});
