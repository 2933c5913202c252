import { FILTER_ROWS, parseFilter } from '@domain/catalog-filter';
import { MESSAGES } from '@domain/messages';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionHero } from '~/components/shop/collection';
import { CollectionProducts } from '~/components/shop/collection-page';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/t-shirts';

const ROW = FILTER_ROWS['t-shirts'];

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ matches, title: 'T-Shirts', description: 'Faith-inspired t-shirts: simple crosses, Bible verses and vintage washes in soft cotton and blends.', path: '/t-shirts' });
}

/** SPEC §2 T-Shirts: external collection 'tshirts', else own products placed '{product}', else the verse demo card. */
export function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseFilter('t-shirts', new URL(request.url).searchParams.get('filter'));
  const cards = loadCollectionCards({ context, external: { kind: 'collection', handle: 'tshirts', first: 20 }, own: { placement: '{product}' }, demoSlug: 'philippians-4-13-tee', filter: { field: ROW.field, value: filter } });
  return { filter, cards };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <CollectionHero eyebrow={'{product}.'} title={'T-Shirts'} text={'Soft, everyday tees that carry a message of hope, from simple crosses to favourite verses.'} />
      <CollectionProducts
        title={'T-Shirts'}
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
