import { useEffect } from 'react';
import { favoritesActions } from '~/lib/favorites-store';

/**
 * Tells the favorites store whose page this is (from the root loader): a guest, or a signed-in
 * shopper with their saved list. At sign-in the store merges the guest list into the account.
 */
export function FavoritesSync({ viewerId, accountIds }: { viewerId: string | null; accountIds: string[] | null }) {
  useEffect(() => {
    favoritesActions.sync(viewerId, accountIds);
  }, [viewerId, accountIds]);
  return null;
}
