import { FILTER_ROWS, parseFilter } from '@domain/catalog-filter';
import { MESSAGES } from '@domain/messages';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionHero } from '~/components/shop/collection';
import { CollectionProducts } from '~/components/shop/collection-page';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/accessories';

const ROW = FILTER_ROWS['accessories'];

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ matches, title: 'Accessories', description: 'Faith-inspired accessories: cross necklaces, caps, prayer journals, bracelets, bookmarks and totes.', path: '/accessories' });
}

/** SPEC §2 Accessories: own accessories (the seeded demo items carry ratings). */
export function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseFilter('accessories', new URL(request.url).searchParams.get('filter'));
  const cards = loadCollectionCards({ context, own: { category: 'accessories' }, filter: { field: ROW.field, value: filter } });
  return { filter, cards };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <CollectionHero eyebrow={'Finishing touches'} title={'Accessories'} text={'Necklaces, caps, journals and gifts to keep your faith close every day.'} />
      <CollectionProducts
        title={'Accessories'}
        cards={loaderData.cards}
        filters={ROW.options}
        activeFilter={loaderData.filter}
        countLabel={MESSAGES.itemCountLabel}
        empty={{ title: MESSAGES.comingSoon, text: MESSAGES.comingSoonDescription }}
        skeletonCount={4}
      />
    </main>
  );
}
