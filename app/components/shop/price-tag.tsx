import { formatCents } from '@domain/money';

/**
 * A price, and the original price struck through when the product is on sale (SPEC §2
 * Product card, §4 'Sale'): the card's small one and the product page's large one.
 */
export function PriceTag({
  priceCents,
  originalPriceCents,
  onSale,
  large = false,
  testId,
}: {
  priceCents: number;
  originalPriceCents: number | null;
  onSale: boolean;
  large?: boolean;
  testId?: string;
}) {
  return (
    <p className={large ? 'price price-lg' : 'price'}>
      <span data-testid={testId}>{formatCents(priceCents)}</span>
      {onSale && originalPriceCents !== null && (
        <s>
          <span className="sr-only">Original price </span>
          {formatCents(originalPriceCents)}
        </s>
      )}
    </p>
  );
}
