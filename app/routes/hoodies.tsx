import { FILTER_ROWS, parseFilter } from '@domain/catalog-filter';
import { MESSAGES } from '@domain/messages';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionHero } from '~/components/shop/collection';
import { CollectionProducts } from '~/components/shop/collection-page';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/hoodies';

const ROW = FILTER_ROWS['hoodies'];

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ matches, title: 'Hoodies', description: 'Faith-inspired hoodies in fleece, cotton and heavyweight fabrics from Wear Your Faith.', path: '/hoodies' });
}

/** SPEC §2 Hoodies: external collection 'hoodies', else own hoodies (the seeded demo hoodies carry ratings). */
export function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseFilter('hoodies', new URL(request.url).searchParams.get('filter'));
  const cards = loadCollectionCards({ context, external: { kind: 'collection', handle: 'hoodies', first: 20 }, own: { category: 'hoodies' }, filter: { field: ROW.field, value: filter } });
  return { filter, cards };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <CollectionHero eyebrow={'Layer up in faith'} title={'Hoodies'} text={'Cozy fleece and heavyweight hoodies for cool mornings, youth group nights and everything in between.'} />
      <CollectionProducts
        title={'Hoodies'}
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
