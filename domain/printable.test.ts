import { describe, expect, it } from 'vitest';
import { hasUnprintable } from './printable';

describe('hasUnprintable', () => {
  it.each(['a\u0001', '\u001b[2J', 'x\u007f', '\u0085', 'abc\u202Egnp.exe', '\u2066name\u2069', '\u0000'])(
    'refuses %j',
    (text) => expect(hasUnprintable(text)).toBe(true),
  );

  it.each(['Grace Smith', 'José Núñez', '北京市', 'line\nbreak\tand\rreturn', 'می‌خواهم', '👩‍👩‍👧', ''])(
    'keeps %j',
    (text) => expect(hasUnprintable(text)).toBe(false),
  );
});
