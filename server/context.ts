/**
 * What the HTTP shell hands every loader and action (React Router load context).
 * Services are created once per process (server/bootstrap.ts) and passed in explicitly,
 * so route modules never open their own database or hold state of their own.
 *
 * Each feature adds its service here and creates it in bootstrap.ts `createServices`. Only
 * what a setting can switch off (Shopify) is optional; tests replace members with stubs.
 */
import type { BatchedRateLimit } from './http/batched-rate-limit';
import type { Logger } from 'pino';
import type { Config } from './config.server';
import type { CatalogReadCache } from './catalog/read-cache';
import type { CatalogueSignal } from './cache/catalogue-signal';
import type { PageCacheStore } from './cache/page-cache-store';
import type { PageRender } from './cache/page-render';
import type { Database } from './db/client';
import type { ExternalCheckout } from '../domain/external-checkout';
import type { ExternalProduct } from '../domain/external-product';
import type { BackupService } from './backup/backup-service';
import type { ImageStorage } from './media/image-storage';
import type { PaymentProvider } from './payments/payment-provider';
import type { CheckoutSweep } from './orders/sweep-checkouts';

import type { Viewer } from '../domain/viewer';

export type { Viewer };

/** The signed-in account of a request as the staff flows need it (issue 27). */
export interface SignedInAccount {
  userId: string;
  email: string;
  twoFactorEnabled: boolean;
}

export interface AppServices {
  config: Config;
  db: Database;
  logger: Logger;
  /** scrypt hash of the admin passcode (ADMIN_PASSCODE or the generated one). */
  adminPasscodeHash: string;
  /** The storefront's catalogue lists, kept a few seconds (server/catalog/read-cache.ts). */
  catalogCache: CatalogReadCache;
  /**
   * Drops the cached catalogue pages and lists carrying any of the tags (domain/catalogue-tags.ts:
   * productWriteTags, productShownTags ...), here at once and in every other process of the same
   * PostgreSQL database within a second. Call it after the change is committed.
   */
  invalidateCatalogue(tags: readonly string[]): void;
  /** The signal behind invalidateCatalogue (LISTEN/NOTIFY on PostgreSQL). */
  catalogueSignal: CatalogueSignal;
  /** Anonymous catalogue pages kept rendered (server/http/page-cache.ts); absent with PAGE_CACHE=off. */
  pageCache?: PageCacheStore;
  /** Customer accounts (Better Auth). */
  auth: {
    /** The signed-in shopper of this request, or null. */
    getViewer(request: Request): Promise<Viewer | null>;
    /** Better Auth's HTTP handler for /api/auth/*. */
    handler(request: Request): Promise<Response>;
  };
  /** Staff flows (issue 27) on the same Better Auth: the session's account, password hashing, sign-in. */
  staffAuth: {
    getSignedInAccount(request: Request): Promise<SignedInAccount | null>;
    hashPassword(password: string): Promise<string>;
    signIn(options: { email: string; password: string; headers: Headers }): Promise<Headers>;
  };
  /** Mail delivery (SMTP or .eml outbox): run after queueing rows in email_outbox. */
  mail: {
    deliverNow(): Promise<void>;
    stop(): Promise<void>;
  };
  /** Hosted payments started per client address (START_PAYMENT_RULE), counted in memory and shared once a second. */
  paymentStartLimit: BatchedRateLimit;
  /** Hosted payment pages: Stripe Checkout when STRIPE_SECRET_KEY is set, else the built-in sandbox. */
  paymentProvider: PaymentProvider;
  /** Where uploaded product images are stored (DATA_DIR/uploads by default). */
  imageStorage: ImageStorage;
  /** Backups of this shop (server/backup/): Back up now, the admin's list and downloads. */
  backups: BackupService;
  /** The timer that ends unpaid checkouts (expired sessions, orders left without one). */
  checkoutSweep: CheckoutSweep;
  /**
   * The external Shopify catalogue; absent when SHOPIFY_* are unset. Never throws: a
   * failure or a slow answer (over 3 s) is logged and gives null, and pages fall back.
   */
  shopify?: {
    getProducts(options: { first: number; buyerIp?: string }): Promise<ExternalProduct[] | null>;
    getCollectionProducts(
      handle: string,
      options: { first: number; buyerIp?: string },
    ): Promise<ExternalProduct[] | null>;
    /**
     * Cart API: a cart with one line (quantity 1) and its checkout URL. A refusal by Shopify throws
     * ProviderError (422, its legacy code where it has one), no answer ProviderError 'shopify-failed'.
     */
    createCheckout?(variantId: string, options?: { buyerIp?: string }): Promise<ExternalCheckout>;
  };
}

export interface RequestContext extends AppServices {
  /** CSP nonce for this response's scripts. */
  cspNonce: string;
  /** The client's address, taken from the socket. */
  clientIp: string;
  requestId: string;
  /** Set while the page is rendered for the page cache: loaders tag it (server/cache/page-render.ts). */
  pageRender?: PageRender;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
