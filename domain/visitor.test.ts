import { describe, expect, it } from 'vitest';
import { VISITOR_HEARTBEAT_MS, VISITOR_INACTIVE_AFTER_MS, VisitorHeartbeatSchema, isVisitorOnline } from './visitor';

const beat = { sessionId: 'abcDEF123_-xyz456', pageUrl: 'https://shop.example.com/t-shirts', isActive: true };

describe('visitor timing (SPEC §9)', () => {
  it('beats every 30 s and expires after 90 s', () => {
    expect(VISITOR_HEARTBEAT_MS).toBe(30_000);
    expect(VISITOR_INACTIVE_AFTER_MS).toBe(90_000);
    expect(isVisitorOnline(0, 89_999)).toBe(true);
    expect(isVisitorOnline(0, 90_000)).toBe(false);
  });
});

describe('VisitorHeartbeatSchema', () => {
  it('accepts a heartbeat and strips extra fields', () => {
    expect(VisitorHeartbeatSchema.parse({ ...beat, ipAddress: '1.2.3.4' })).toEqual(beat);
    expect(VisitorHeartbeatSchema.parse({ ...beat, userAgent: 'Mozilla/5.0' })).toEqual({
      ...beat,
      userAgent: 'Mozilla/5.0',
    });
  });

  it('refuses malformed session ids', () => {
    for (const sessionId of ['short', 'x'.repeat(65), 'has spaces in it!!', 'ünïcödé-ünïcödé-ü', '']) {
      expect(VisitorHeartbeatSchema.safeParse({ ...beat, sessionId }).success).toBe(false);
    }
    expect(VisitorHeartbeatSchema.safeParse({ ...beat, sessionId: 'x'.repeat(16) }).success).toBe(true);
    expect(VisitorHeartbeatSchema.safeParse({ ...beat, sessionId: 'x'.repeat(64) }).success).toBe(true);
  });

  it('limits the page address and cuts long user agents', () => {
    expect(VisitorHeartbeatSchema.safeParse({ ...beat, pageUrl: 'x'.repeat(2049) }).success).toBe(false);
    expect(VisitorHeartbeatSchema.parse({ ...beat, userAgent: 'u'.repeat(600) }).userAgent).toHaveLength(512);
  });

  it('needs isActive', () => {
    expect(VisitorHeartbeatSchema.safeParse({ sessionId: beat.sessionId, pageUrl: '/' }).success).toBe(false);
  });
});
