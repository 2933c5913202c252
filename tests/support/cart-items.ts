import type { CartItemInput } from '@domain/cart';

/** A card-added cart line (id = title, colour and size) for browser-store and header tests. */
export const simpleCrossTeeBlueM = {
  id: 'Simple Cross Tee-Blue-M',
  productId: '6d1f3c1e-1111-4a1a-9a1a-111111111111',
  name: 'Simple Cross Tee',
  image: '/images/products/simple-cross-tee-blue-960.webp',
  priceCents: 1500,
  color: 'Blue',
  size: 'M',
} satisfies CartItemInput;
