/**
 * /search?q=: active products matching the words of the query in their name, description,
 * colours, category or tags, best first (server/catalog/search-products.ts), in the same card
 * grid as the collections. Any query is text: empty, over-long, wildcards or quotes never fail.
 */
import { SearchIcon } from '~/components/ui/icons';
import { Link } from 'react-router';
import * as MESSAGES from '@domain/messages';
import { normaliseSearchQuery, SEARCH_RESULT_LIMIT } from '@domain/search';
import { cardFromPublicProduct } from '@domain/storefront-product';
import { productTag } from '@domain/catalogue-tags';
import { tagPage } from '@server/cache/page-render';
import { searchProducts } from '@server/catalog/search-products';
import { ProductGrid } from '~/components/shop/collection';
import { SHOP_LINKS } from '~/components/shop/nav-links';
import { SearchForm } from '~/components/shop/search-form';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/search';

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = normaliseSearchQuery(url.searchParams.get('q'));
  if (!query) return { query, cards: [], total: 0 };
  const result = await searchProducts({ db: context.db, query });
  tagPage(context, ...result.products.map((product) => productTag(product.id)));
  return { query, cards: result.products.map((product) => cardFromPublicProduct(product)), total: result.total };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const query = loaderData?.query ?? '';
  return [
    ...seoMeta({
      matches,
      title: query ? `Search results for “${query}”` : 'Search',
      description: 'Search the Wear Your Faith shop: faith-inspired tees, hoodies and accessories.',
      path: '/search',
      canonical: false,
    }),
    // Result pages are for shoppers, not for search engines' indexes.
    { name: 'robots', content: 'noindex, follow' },
  ];
}

const resultCount = (count: number) => (count === 1 ? '1 result' : `${count} results`);

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, cards, total } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
        {query ? `Results for “${query}”` : 'Search'}
      </h1>
      <SearchForm className="mt-6 max-w-xl" label="Search again" />
      {!query ? (
        <Suggestions
          title="What are you looking for?"
          text="Search by name, color, category or style, or start with a collection:"
        />
      ) : cards.length === 0 ? (
        <Suggestions
          title={`No products match “${query}”`}
          text="Check the spelling, try a more general word, or browse a collection:"
        />
      ) : (
        <section aria-labelledby="search-results-heading" className="mt-8">
          {/* The cards' names are h3: their section has its h2 (axe: heading-order). */}
          <h2 id="search-results-heading" className="sr-only">
            Search results
          </h2>
          <p className="mb-8 text-sm text-muted" data-testid="result-count">
            {resultCount(total)}
            {total > SEARCH_RESULT_LIMIT && ` (the best ${SEARCH_RESULT_LIMIT} shown)`}
          </p>
          <ProductGrid products={cards} />
        </section>
      )}
    </main>
  );
}

function Suggestions({ title, text }: { title: string; text: string }) {
  return (
    <div className="mt-10 flex flex-col items-center rounded-2xl border border-dashed border-line bg-white px-6 py-14 text-center">
      <SearchIcon className="size-8 text-brand-600" aria-hidden />
      <h2 className="mt-4 text-2xl font-semibold">{title}</h2>
      <p className="mt-3 max-w-md text-muted">{text}</p>
      <ul className="mt-6 flex flex-wrap justify-center gap-2">
        {SHOP_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex h-9 items-center rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-brand-400 hover:bg-brand-50"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/" className="mt-8 text-sm font-semibold text-brand-700 hover:underline">
        {MESSAGES.browseAllProducts}
      </Link>
    </div>
  );
}
