/**
 * The six collection pages (SPEC §2: /new-arrivals, /t-shirts, /hoodies, /strength-in-christ,
 * /accessories, /eves-legacy): one route module mounted at each address by app/routes.ts,
 * driven by the table in collection-pages.ts. The loader sends the page's own row (texts,
 * filter row) with its list, so the table stays on the server. The list is in the server's
 * HTML (filter and page from `?filter=` and `?page=`): the page works without JavaScript.
 */
import { data } from 'react-router';
import { collectionCountLabel, parsePage } from '@domain/catalog-page';
import { parseFilter } from '@domain/catalog-filter';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionHero } from '~/components/shop/collection';
import { CollectionProducts } from '~/components/shop/collection-page';
import { collectionPageAt } from '~/components/shop/collection-pages';
import { CommunityCallToAction } from '~/components/shop/community-cta';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/collection-page';

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = collectionPageAt(url.pathname);
  if (!page) throw data(null, { status: 404 });
  const filter = parseFilter(page.key, url.searchParams.get('filter'));
  const list = await loadCollectionCards({
    context,
    source: page.source,
    filter: { field: page.filters.field, value: filter },
    page: parsePage(url.searchParams.get('page')),
  });
  const { source: _source, filters, ...texts } = page;
  return { page: { ...texts, filterOptions: filters.options }, filter, list };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page } = loaderData;
  return seoMeta({ matches, title: page.title, description: page.description, path: page.path });
}

export default function CollectionRoute({ loaderData }: Route.ComponentProps) {
  const { page, filter, list } = loaderData;
  return (
    <main>
      <CollectionHero eyebrow={page.hero.eyebrow} title={page.hero.title} text={page.hero.text} />
      <CollectionProducts
        title={page.heading}
        list={list}
        filters={page.filterOptions}
        activeFilter={filter}
        countLabel={(count) => collectionCountLabel(page.countStyle, count)}
        empty={page.empty}
        skeletonCount={page.skeletonCount}
      />
      {page.communityCallToAction && <CommunityCallToAction />}
    </main>
  );
}
