import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.server';
import { createClientIpResolver } from './client-ip';

describe('client address', () => {
  it('is the socket address by default, whatever X-Forwarded-For says', () => {
    const resolve = createClientIpResolver(undefined);
    expect(resolve('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(resolve(undefined, '198.51.100.1')).toBe('unknown');
  });

  it('behind one trusted proxy is the address that proxy saw, not what the client claimed', () => {
    const resolve = createClientIpResolver(1);
    expect(resolve('10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    // The client sent a forged first entry; the proxy appended the real address.
    expect(resolve('10.0.0.2', '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
    expect(resolve('10.0.0.2', undefined)).toBe('10.0.0.2');
  });

  it('with two hops skips both proxies', () => {
    expect(createClientIpResolver(2)('10.0.0.2', '1.2.3.4, 198.51.100.1, 10.0.0.9')).toBe('198.51.100.1');
  });

  it('with a list trusts only those proxies', () => {
    const resolve = createClientIpResolver(['loopback', '10.0.0.0/8']);
    expect(resolve('10.0.0.2', '198.51.100.1, 10.1.1.1')).toBe('198.51.100.1');
    expect(resolve('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    // A socket that is not a trusted proxy is the client, whatever it forwards.
    expect(resolve('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('reads TRUST_PROXY and refuses a value it cannot use', () => {
    expect(parseConfig({}).trustProxy).toBeUndefined();
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    for (const bad of ['0', '11', 'yes', '10.0.0.0/99']) {
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});
