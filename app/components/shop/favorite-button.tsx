import { favoriteButtonLabel } from '@domain/favorites';
import { useFavorites } from '~/lib/favorites-store';
import { cn } from '~/lib/utils';

/**
 * The heart on a card or product page (SPEC §2 Product card's favourite icon): saves the
 * product to the visitor's favorites, and shows whether it is saved (aria-pressed). Never
 * inside a form, so it needs no `type` (a home page draws six: decision 021).
 */
export function FavoriteButton({
  productId,
  title,
  className,
}: {
  productId: string;
  title: string;
  className?: string;
}) {
  const favorites = useFavorites();
  const saved = favorites.isSaved(productId);
  return (
    <button
      onClick={() => void favorites.setSaved(productId, !saved)}
      aria-pressed={saved}
      aria-label={favoriteButtonLabel(title)}
      // The heart is drawn by the `fav` class (app.css), filled when aria-pressed.
      className={cn('fav', className)}
    />
  );
}
