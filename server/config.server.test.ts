import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, EnvSchema, parseConfig } from './config.server';

const root = path.resolve(import.meta.dirname, '..');

/** .env.example as dotenv reads it: NAME=value lines, comments (also "# NAME=value") aside. */
function exampleVariables(): Map<string, string> {
  const text = readFileSync(path.join(root, '.env.example'), 'utf8');
  const variables = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) variables.set(match[1]!, line.trim().startsWith('#') ? '' : match[2]!.trim());
  }
  return variables;
}

describe('settings', () => {
  it('.env.example names every setting, and works as it is', () => {
    const example = exampleVariables();
    for (const name of Object.keys(EnvSchema.shape).filter((name) => name !== 'NODE_ENV')) {
      expect(example.has(name), `${name} is missing from .env.example`).toBe(true);
    }
    const config = parseConfig(Object.fromEntries(example));
    expect(config.port).toBe(3000);
    expect(config.trustProxy).toBeUndefined();
  });

  it('stops on a bad value with one message naming the variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/^Invalid setting PORT: /);
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Invalid setting TRUST_PROXY: /);
    expect(() => parseConfig({ PAGE_CACHE: 'sometimes' })).toThrow(/^Invalid setting PAGE_CACHE: must be on or off/);
  });

  it('reads the backup settings: every 24 hours, 7 kept, into DATA_DIR; a bad value names its variable', () => {
    expect(parseConfig({}).backup).toEqual({ everyHours: 24, keep: 7, s3Prefix: undefined });
    expect(parseConfig({ BACKUP_EVERY_HOURS: '0', BACKUP_KEEP: ' 30 ' }).backup).toMatchObject({ everyHours: 0, keep: 30 });
    for (const [name, value] of [
      ['BACKUP_EVERY_HOURS', 'daily'],
      ['BACKUP_EVERY_HOURS', '-1'],
      ['BACKUP_EVERY_HOURS', '1.5'],
      ['BACKUP_EVERY_HOURS', '9000'],
      ['BACKUP_KEEP', '0'],
      ['BACKUP_KEEP', 'all'],
      ['BACKUP_S3_PREFIX', 'my backups'],
      ['BACKUP_S3_PREFIX', 'backups?versionId=1'],
    ] as const) {
      expect(() => parseConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^Invalid setting ${name}: `));
    }
    // Into the bucket only with the six S3 settings; slashes at either end are dropped.
    expect(() => parseConfig({ BACKUP_S3_PREFIX: 'backups' })).toThrow(/^Invalid setting BACKUP_S3_PREFIX: .*S3 settings/);
    const s3 = {
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'b',
      S3_REGION: 'r',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_PUBLIC_BASE_URL: 'https://images.example.com',
    };
    expect(parseConfig({ ...s3, BACKUP_S3_PREFIX: '/shop/backups/' }).backup.s3Prefix).toBe('shop/backups');
  });

  it('reads the S3 settings as a group: none (local folder) or all six, naming what is missing', () => {
    const all = {
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_BUCKET: 'wyf-images',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_BASE_URL: 'https://images.example.com/',
    };
    expect(parseConfig({}).s3).toBeUndefined();
    expect(parseConfig({ S3_BUCKET: '  ' }).s3).toBeUndefined();
    expect(parseConfig(all).s3).toEqual({
      endpoint: all.S3_ENDPOINT,
      bucket: 'wyf-images',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://images.example.com',
    });
    const { S3_REGION: _region, S3_SECRET_ACCESS_KEY: _secret, ...partial } = all;
    expect(() => parseConfig(partial)).toThrow(
      /^Invalid setting S3_REGION: object storage needs all six S3 settings; missing S3_REGION, S3_SECRET_ACCESS_KEY \(set: /,
    );
    expect(() => parseConfig({ S3_BUCKET: 'only' })).toThrow(/^Invalid setting S3_ENDPOINT: .*missing S3_ENDPOINT, S3_REGION/);
    expect(() => parseConfig({ ...all, S3_ENDPOINT: 's3.amazonaws.com' })).toThrow(/^Invalid setting S3_ENDPOINT: must be a URL like /);
    expect(() => parseConfig({ ...all, S3_PUBLIC_BASE_URL: 'ftp://x' })).toThrow(/^Invalid setting S3_PUBLIC_BASE_URL: must be a URL like /);
    expect(String(safeMessage(() => parseConfig(partial)))).not.toContain('AKIAEXAMPLE');
  });

  it('reads PAGE_CACHE: on unless it says off', () => {
    expect(parseConfig({}).pageCache).toBe(true);
    expect(parseConfig({ PAGE_CACHE: '' }).pageCache).toBe(true);
    expect(parseConfig({ PAGE_CACHE: 'on' }).pageCache).toBe(true);
    expect(parseConfig({ PAGE_CACHE: ' OFF ' }).pageCache).toBe(false);
  });

  it('reads POINTS_PER_DOLLAR_OFF as a positive whole number, 2,000 by default', () => {
    expect(parseConfig({}).redemptionRate).toEqual({ points: 2000, cents: 100 });
    expect(parseConfig({ POINTS_PER_DOLLAR_OFF: '' }).redemptionRate).toEqual({ points: 2000, cents: 100 });
    expect(parseConfig({ POINTS_PER_DOLLAR_OFF: ' 500 ' }).redemptionRate).toEqual({ points: 500, cents: 100 });
    expect(parseConfig({ POINTS_PER_DOLLAR_OFF: '1' }).redemptionRate.points).toBe(1);
    for (const bad of ['0', '-100', '1.5', '1e3', 'lots', '0x10', '1000001', '99999999999']) {
      expect(() => parseConfig({ POINTS_PER_DOLLAR_OFF: bad })).toThrow(ConfigError);
      expect(() => parseConfig({ POINTS_PER_DOLLAR_OFF: bad })).toThrow(
        `Invalid setting POINTS_PER_DOLLAR_OFF: must be a whole number of points from 1 to 1000000 (got "${bad}")`,
      );
    }
  });
});

function safeMessage(run: () => unknown): string {
  try {
    run();
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
