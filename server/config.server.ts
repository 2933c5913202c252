/**
 * The one place that reads the environment (RUN-CONTRACT.md "Settings").
 * Parsed once at start-up with zod; a bad value stops the process with one line
 * naming the variable. Everything else receives the parsed `Config`.
 */
import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { DEFAULT_POINTS_PER_DOLLAR_OFF, redemptionRateOf, type RedemptionRate } from '../domain/loyalty';

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalString = z.preprocess(emptyToUndefined, z.string().trim().optional());

const urlWithProtocols = (protocols: string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          const url = new URL(value);
          return protocols.includes(url.protocol) && url.hostname !== '';
        } catch {
          return false;
        }
      }, `must be a URL like ${example}`)
      .optional(),
  );

const POINTS_PER_DOLLAR_OFF_MAX = 1_000_000;
const POINTS_PER_DOLLAR_OFF_RULE = `must be a whole number of points from 1 to ${POINTS_PER_DOLLAR_OFF_MAX}`;

/** A whole number from `min` to `max` (text, as the environment gives it), `fallback` when unset. */
function wholeNumber(min: number, max: number, fallback: number, rule: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, rule)
      .transform(Number)
      .refine((value) => value >= min && value <= max, rule)
      .default(String(fallback) as never),
  );
}

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().trim().default('0.0.0.0')),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://shop.example.com'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().trim().default('./data')),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user@host:5432/db'),
  ADMIN_PASSCODE: optionalString,
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Test and local-fake only: where the Stripe SDK sends its requests (http://127.0.0.1:12111). */
  STRIPE_API_BASE: urlWithProtocols(['http:', 'https:'], 'http://127.0.0.1:12111'),
  SHOPIFY_STORE_DOMAIN: optionalString,
  SHOPIFY_STOREFRONT_TOKEN: optionalString,
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().trim().default('Wear Your Faith <orders@wearyourfaith.local>')),
  /** The wording a paid donation's receipt e-mail carries instead of "not a tax-deductible receipt" (issue 32). */
  DONATION_RECEIPT_NOTE: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Behind a reverse proxy or load balancer: which proxies may name the client in
   * X-Forwarded-For. A hop count (1 = the one proxy in front) or a comma list of addresses,
   * CIDR ranges and the names loopback, linklocal, uniquelocal. Unset: the socket's address.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .transform((value, context) => {
        const trust = parseTrustProxy(value);
        if (trust === null) {
          context.addIssue({
            code: 'custom',
            message: 'must be a number of proxy hops (1) or addresses and ranges (loopback, 10.0.0.0/8)',
          });
          return z.NEVER;
        }
        return trust;
      })
      .optional(),
  ),
  /** Loyalty redemption: how many points take $1.00 off an order (default 2,000: 5% back). */
  POINTS_PER_DOLLAR_OFF: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,7}$/, POINTS_PER_DOLLAR_OFF_RULE)
      .transform(Number)
      .refine((points) => points >= 1 && points <= POINTS_PER_DOLLAR_OFF_MAX, POINTS_PER_DOLLAR_OFF_RULE)
      .optional(),
  ),
  /**
   * The full-page cache of anonymous catalogue pages (decision 018): on by default; `off`
   * renders every request (the bench's cold runs, debugging).
   */
  PAGE_CACHE: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  /** Object storage for uploaded images (all six or none; docs/decisions: images on object storage). */
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_BASE_URL: urlWithProtocols(['http:', 'https:'], 'https://images.example.com'),
  /** Backups (decision 028): how often the running shop makes one (0: never), how many are kept. */
  BACKUP_EVERY_HOURS: wholeNumber(0, 8760, 24, 'must be a whole number of hours from 0 (no scheduled backups) to 8760'),
  BACKUP_KEEP: wholeNumber(1, 1000, 7, 'must be a whole number of backups to keep, from 1 to 1000'),
  /** Set (with the S3_* settings): backups go into the bucket under this prefix instead of DATA_DIR/backups. */
  BACKUP_S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .transform((value) => value.replace(/^\/+|\/+$/g, ''))
      .pipe(
        z
          .string()
          .regex(
            /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/,
            'must be a key prefix like backups or shop/backups (letters, digits, . _ - and /)',
          )
          .max(200, 'must be at most 200 characters'),
      )
      .optional(),
  ),
  /**
   * Connections one process holds open at once (issue 30 item 6); one more is answered 503 and
   * closed. Keep it under the process's open-file limit (`ulimit -n`).
   */
  MAX_CONNECTIONS: wholeNumber(1, 1_000_000, 1000, 'must be a whole number of connections from 1 to 1000000'),
  /** Seconds a request (headers and body) may take to arrive in full; slower ones get 408 and are closed. */
  REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600, 60, 'must be a whole number of seconds from 1 to 3600'),
  /** Test setting: shortens the admin dashboard refresh (ms); the spec's value is 30 s. */
  ADMIN_REFRESH_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(500).default(30_000)),
});

export type Env = z.infer<typeof EnvSchema>;

/** TRUST_PROXY as proxy-addr takes it: a hop count, or addresses and ranges. */
export type TrustProxy = number | string[];

function parseTrustProxy(value: string): TrustProxy | null {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : null;
  }
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length === 0) return null;
  try {
    proxyaddr.compile(list);
    return list;
  } catch {
    return null;
  }
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPasscode: string | undefined;
  authSecret: string | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; apiBase: string | undefined } | undefined;
  shopify: { storeDomain: string; storefrontToken: string } | undefined;
  mail: { smtpUrl: string | undefined; from: string; donationReceiptNote?: string | undefined };
  logLevel: Env['LOG_LEVEL'];
  adminRefreshMs: number;
  /** PAGE_CACHE: anonymous catalogue pages served from memory. */
  pageCache: boolean;
  /** Proxies trusted to name the client (TRUST_PROXY); undefined: the socket address. */
  trustProxy: TrustProxy | undefined;
  /** How points turn into money (POINTS_PER_DOLLAR_OFF points take $1.00 off). */
  redemptionRate: RedemptionRate;
  /** S3_*: uploaded images go to this bucket; undefined: DATA_DIR/uploads. */
  s3: S3Config | undefined;
  backup: BackupConfig;
  /** MAX_CONNECTIONS and REQUEST_TIMEOUT_SECONDS (server/http/create-server.ts). */
  server: { maxConnections: number; requestTimeoutMs: number };
}

export interface BackupConfig {
  /** Hours between scheduled backups; 0: none. */
  everyHours: number;
  /** How many archives are kept (older ones are removed). */
  keep: number;
  /** Where archives go: DATA_DIR/backups, or the S3 bucket under this prefix. */
  s3Prefix: string | undefined;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Pages link to `${publicBaseUrl}/${key}` (no trailing slash). */
  publicBaseUrl: string;
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_BASE_URL',
] as const;

/** The S3 settings go together: none (local folder) or all six; a partial set names what is missing. */
function s3ConfigOf(env: Env): S3Config | undefined {
  const given = S3_VARIABLES.filter((name) => env[name] !== undefined);
  if (given.length === 0) return undefined;
  const missing = S3_VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length) {
    throw new ConfigError(
      missing[0]!,
      `object storage needs all six S3 settings; missing ${missing.join(', ')} (set: ${given.join(', ')})`,
    );
  }
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicBaseUrl: env.S3_PUBLIC_BASE_URL!.replace(/\/+$/, ''),
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid setting ${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default). Throws ConfigError naming the first bad variable. */
export function parseConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const received = source[variable];
    throw new ConfigError(variable, `${issue.message}${received === undefined ? '' : ` (got "${received}")`}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    isHttps: publicUrl.startsWith('https:'),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    adminPasscode: env.ADMIN_PASSCODE,
    authSecret: env.AUTH_SECRET,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE }
      : undefined,
    shopify:
      env.SHOPIFY_STORE_DOMAIN && env.SHOPIFY_STOREFRONT_TOKEN
        ? { storeDomain: env.SHOPIFY_STORE_DOMAIN, storefrontToken: env.SHOPIFY_STOREFRONT_TOKEN }
        : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, donationReceiptNote: env.DONATION_RECEIPT_NOTE },
    logLevel: env.LOG_LEVEL,
    adminRefreshMs: env.ADMIN_REFRESH_MS,
    pageCache: env.PAGE_CACHE === 'on',
    trustProxy: env.TRUST_PROXY,
    redemptionRate: redemptionRateOf(env.POINTS_PER_DOLLAR_OFF ?? DEFAULT_POINTS_PER_DOLLAR_OFF),
    s3: s3ConfigOf(env),
    backup: backupConfigOf(env),
    server: { maxConnections: Number(env.MAX_CONNECTIONS), requestTimeoutMs: Number(env.REQUEST_TIMEOUT_SECONDS) * 1000 },
  };
}

function backupConfigOf(env: Env): BackupConfig {
  if (env.BACKUP_S3_PREFIX && S3_VARIABLES.some((name) => env[name] === undefined)) {
    throw new ConfigError(
      'BACKUP_S3_PREFIX',
      'backups into a bucket need the six S3 settings (S3_ENDPOINT ... S3_PUBLIC_BASE_URL)',
    );
  }
  return { everyHours: Number(env.BACKUP_EVERY_HOURS), keep: Number(env.BACKUP_KEEP), s3Prefix: env.BACKUP_S3_PREFIX };
}
