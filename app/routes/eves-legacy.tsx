import { FILTER_ROWS, parseFilter } from '@domain/catalog-filter';
import { MESSAGES } from '@domain/messages';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionHero } from '~/components/shop/collection';
import { CollectionProducts } from '~/components/shop/collection-page';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/eves-legacy';

const ROW = FILTER_ROWS['eves-legacy'];

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ matches, title: MESSAGES.gracefullyChosen, description: 'Gracefully Chosen: faith-inspired apparel and accessories for women, from Wear Your Faith.', path: '/eves-legacy' });
}

/** SPEC §2 Gracefully Chosen: own products placed 'gracefully-chosen', filtered by category. */
export function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseFilter('eves-legacy', new URL(request.url).searchParams.get('filter'));
  const cards = loadCollectionCards({ context, own: { placement: 'gracefully-chosen' }, filter: { field: ROW.field, value: filter } });
  return { filter, cards };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <CollectionHero eyebrow={'For her'} title={MESSAGES.gracefullyChosen} text={'Graceful designs for women who wear their faith with quiet confidence.'} />
      <CollectionProducts
        title={MESSAGES.gracefullyChosen}
        cards={loaderData.cards}
        filters={ROW.options}
        activeFilter={loaderData.filter}
        countLabel={MESSAGES.itemCountLabelParenthesized}
        empty={{ title: MESSAGES.comingSoon, text: 'New pieces for this collection are on their way. Check back soon!' }}
        skeletonCount={4}
      />
    </main>
  );
}
