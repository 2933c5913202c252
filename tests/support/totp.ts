/** RFC 6238 TOTP codes for tests (what an authenticator app shows), from an otpauth:// URI. */
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of the time step `offset` steps from now (30 s steps, 6 digits, SHA-1). */
export function totpCode(uri: string, offset = 0, now = Date.now()): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return totpFromSecret(secret, offset, now);
}

/** The same from the key as the set-up page shows it (base32, spaces allowed). */
export function totpFromSecret(secretText: string, offset = 0, now = Date.now()): string {
  const secret = secretText.replace(/\s+/g, '');
  const counter = Math.floor(now / 30_000) + offset;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const start = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(start) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * A code the server accepts now (this step or one either side) that this test has not used yet:
 * a code is accepted once, so each sign-in of a test takes a fresh one.
 */
export function unusedCode(uri: string, used: Set<string>): string {
  for (const offset of [0, 1, -1]) {
    const code = totpCode(uri, offset);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
  throw new Error('every code of the current window was used: wait for the next step');
}
