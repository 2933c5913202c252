/**
 * The admin passcode (RUN-CONTRACT.md): ADMIN_PASSCODE when set; otherwise one is
 * generated on first start, printed once, and only its scrypt hash is kept.
 */
import { randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;
const SETTING_KEY = 'admin_passcode_hash';
/** No look-alike characters: the passcode is read off a terminal and typed by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(passcode, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Constant-time comparison of a candidate with a stored hash. */
export async function verifyPasscodeHash(candidate: string, stored: string): Promise<boolean> {
  const [scheme, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scrypt(candidate, Buffer.from(saltText, 'base64'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function generatePasscode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/**
 * Makes sure a passcode hash exists. Returns the hash to verify against, and the
 * plain passcode only when it was generated right now (to be printed once).
 */
export async function ensureAdminPasscode(options: {
  db: Database;
  configuredPasscode: string | undefined;
}): Promise<{ hash: string; generatedPasscode?: string }> {
  const { db, configuredPasscode } = options;
  if (configuredPasscode) return { hash: await hashPasscode(configuredPasscode) };
  const existing = await db.select().from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  if (existing[0]) return { hash: existing[0].value };
  const passcode = generatePasscode();
  const hash = await hashPasscode(passcode);
  const inserted = await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: hash })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  if (inserted.length === 1) return { hash, generatedPasscode: passcode };
  // Another process generated one at the same moment: theirs is the one printed.
  const winner = await db.select().from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  return { hash: winner[0]!.value };
}
