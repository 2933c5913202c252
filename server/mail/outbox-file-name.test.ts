import { describe, expect, it } from 'vitest';
import { outboxFileName } from './create-mailer';

describe('outboxFileName', () => {
  const row = { outboxId: '00be4d17-b3a6-4a43-a0ce-8accb6c9ed77', queuedAt: '2026-11-28T03:47:24.429123Z' };

  it('names a row’s message by when it was queued and the row, the same on every attempt', () => {
    expect(outboxFileName(row)).toBe('2026-11-28T03-47-24-429123Z-00be4d17-b3a6-4a43-a0ce-8accb6c9ed77.eml');
    expect(outboxFileName(row, new Date('2030-01-01T00:00:00Z'))).toBe(outboxFileName(row));
  });

  it('gives a message without a row the time and a random part, different each time', () => {
    const now = new Date('2026-11-28T03:47:24.429Z');
    const first = outboxFileName({}, now);
    expect(first).toMatch(/^2026-11-28T03-47-24-429Z-[0-9a-f]{12}\.eml$/);
    expect(outboxFileName({}, now)).not.toBe(first);
  });

  it('keeps a name inside the outbox folder whatever it is given', () => {
    const name = outboxFileName({ outboxId: '../../etc/passwd', queuedAt: '../x/y' });
    expect(name).not.toMatch(/[/\\]/);
    expect(name.startsWith('.')).toBe(false);
  });
});
