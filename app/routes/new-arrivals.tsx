import { FILTER_ROWS, parseFilter } from '@domain/catalog-filter';
import { MESSAGES } from '@domain/messages';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionHero } from '~/components/shop/collection';
import { CollectionProducts } from '~/components/shop/collection-page';
import { CommunityCallToAction } from '~/components/shop/community-cta';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/new-arrivals';

const ROW = FILTER_ROWS['new-arrivals'];

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    matches,
    title: 'New Arrivals',
    description: 'Just dropped: the newest faith-inspired tees, hoodies and accessories from Wear Your Faith.',
    path: '/new-arrivals',
  });
}

/** SPEC §2 New Arrivals: products flagged is_new_arrival, filtered by category (?filter=). */
export function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseFilter('new-arrivals', new URL(request.url).searchParams.get('filter'));
  const cards = loadCollectionCards({ context, own: { newArrivals: true }, filter: { field: ROW.field, value: filter } });
  return { filter, cards };
}

export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <CollectionHero
        eyebrow="New Arrivals"
        title={MESSAGES.justDropped}
        text="Fresh designs to carry your faith into every season. Be the first to wear them."
      />
      <CollectionProducts
        title="New Arrivals"
        cards={loaderData.cards}
        filters={ROW.options}
        activeFilter={loaderData.filter}
        countLabel={MESSAGES.itemCountLabel}
        empty={{ title: MESSAGES.noNewArrivals, text: MESSAGES.noNewArrivalsDescription }}
      />
      <CommunityCallToAction />
    </main>
  );
}
