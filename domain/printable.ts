/**
 * Text a person types that ends up printed (an address on a packing slip and in e-mails, a
 * product's name on every page): control characters (NUL to US, DEL, the C1 block) and the
 * bidirectional embeddings, overrides and isolates (which can make a label read backwards) are
 * refused. Tab, line feed and carriage return are whitespace, which each field trims or keeps
 * as it does; joiners (U+200C, U+200D) belong to some scripts' spelling and emoji, and stay.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/** Whether `text` holds a character that UNPRINTABLE refuses. */
export function hasUnprintable(text: string): boolean {
  return UNPRINTABLE.test(text);
}
