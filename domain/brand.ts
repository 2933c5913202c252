/**
 * The brand words, in one place so the owner can change them. SPEC writes the women's line's
 * brand word as `{product}`: it stands for 'Chosen' (the line is 'Gracefully Chosen'), and no
 * shopper ever sees the braces. The header shows '<word>.' for /t-shirts and
 * 'Gracefully <word>.' for /eves-legacy (SPEC §2 Header).
 */

/** The shop's name. */
export const SHOP_NAME = 'Wear Your Faith';

/** Where shoppers write to the shop: the footer's Contact list and the order e-mails give it. */
export const SHOP_CONTACT_EMAIL = 'hello@wearyourfaith.shop';

/** The brand word SPEC writes as `{product}`. */
export const BRAND_WORD = 'Chosen';

/** The women's line (SPEC §1: 'Gracefully Chosen'). */
export const BRAND_LINE = `Gracefully ${BRAND_WORD}`;

/**
 * The placement tag SPEC §3 writes as `{product}` (the T-Shirts page's own products). It is
 * stored data, an identifier rather than a label: it stays 'chosen' if the brand word changes
 * (renaming it would need a migration of the stored tags, as migration 0003 did for '{product}').
 */
export const BRAND_PLACEMENT_TAG = 'chosen';

/** The placement tag of the women's line (SPEC §3 'gracefully-chosen'): stored data, like the one above. */
export const BRAND_LINE_PLACEMENT_TAG = 'gracefully-chosen';
