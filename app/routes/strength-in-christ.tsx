import { FILTER_ROWS, parseFilter } from '@domain/catalog-filter';
import { MESSAGES } from '@domain/messages';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionHero } from '~/components/shop/collection';
import { CollectionProducts } from '~/components/shop/collection-page';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/strength-in-christ';

const ROW = FILTER_ROWS['strength-in-christ'];

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ matches, title: MESSAGES.navStrengthInChrist, description: 'The Strength in Christ collection: faith-inspired apparel for the days you need reminding where your strength comes from.', path: '/strength-in-christ' });
}

/** SPEC §2 Strength in Christ: own products placed 'strength-in-christ'; a skeleton of 8 while loading. */
export function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseFilter('strength-in-christ', new URL(request.url).searchParams.get('filter'));
  const cards = loadCollectionCards({ context, own: { placement: 'strength-in-christ' }, filter: { field: ROW.field, value: filter } });
  return { filter, cards };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <CollectionHero eyebrow={'Collection'} title={MESSAGES.navStrengthInChrist} text={'Bold reminders that our strength comes from Him: designs for training days and hard days alike.'} />
      <CollectionProducts
        title={MESSAGES.navStrengthInChrist}
        cards={loaderData.cards}
        filters={ROW.options}
        activeFilter={loaderData.filter}
        countLabel={MESSAGES.itemCountLabel}
        empty={{ title: MESSAGES.comingSoon, text: MESSAGES.comingSoonDescription }}
        skeletonCount={8}
      />
    </main>
  );
}
