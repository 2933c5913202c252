/**
 * The client's address for rate limits, logs and Shopify's buyer-IP header. By default the
 * socket's address: X-Forwarded-For is ignored, since anyone can send it. Behind a reverse
 * proxy or load balancer every socket is the proxy, so TRUST_PROXY names the proxies allowed
 * to say who the client is; proxy-addr (Express's resolver) walks X-Forwarded-For from the
 * right, past trusted hops only.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../config.server';

export type ClientIpResolver = (socketAddress: string | undefined, forwardedFor: string | undefined) => string;

export function createClientIpResolver(trust: TrustProxy | undefined): ClientIpResolver {
  if (trust === undefined) return (socketAddress) => socketAddress ?? 'unknown';
  // A hop count n trusts the n proxies nearest the shop, as Express's `trust proxy` does.
  const trusts = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyaddr.compile(trust);
  return (socketAddress, forwardedFor) => {
    if (!socketAddress) return 'unknown';
    const request = {
      socket: { remoteAddress: socketAddress },
      connection: { remoteAddress: socketAddress },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    };
    return proxyaddr(request as unknown as IncomingMessage, trusts);
  };
}
