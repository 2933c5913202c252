/**
 * The shop's pure business rules, shared by the browser (to preview) and the server
 * (to decide). No I/O in here: see each module's header for the spec section it owns.
 */
export * from './money';
export * from './coupon';
export * from './shipping';
export * from './loyalty';
export * from './price-order';
export * from './cart';
export * from './saved-cart';
export * from './margin';
export * from './donation';
export * from './product-form';
export * from './order';
export * from './visitor';
export * from './product-card';
export * from './messages';
export * from './stock';
export * from './shipping-address';
