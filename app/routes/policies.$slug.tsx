/**
 * /policies/privacy-policy, /policies/terms-of-sale, /policies/returns-policy (issue 32 item
 * 11): the shop's policy pages, linked from the footer and the checkout, with the text the owner
 * wrote in the admin's Pages tab, or the default text. Anonymous visitors get them from the
 * page cache (decision 018); the owner's edit drops the page's entry (`shop-page:<slug>`).
 */
import { data } from 'react-router';
import { shopPageTag } from '@domain/catalogue-tags';
import { formatDate } from '@domain/dates';
import { pageBlocks, pageInlines } from '@domain/shop-page-text';
import { isShopPageSlug, SHOP_PAGE_TITLES, type ShopPageSlug } from '@domain/shop-pages';
import { tagPage } from '@server/cache/page-render';
import { getShopPage } from '@server/shop-pages/get-shop-pages';
import { NotFound } from '~/components/shop/not-found';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/policies.$slug';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isShopPageSlug(params.slug)) return data({ page: null }, { status: 404 });
  const page = await getShopPage({ db: context.db, slug: params.slug });
  tagPage(context, shopPageTag(page.slug));
  return {
    page: { slug: page.slug, title: page.title, body: page.body, updatedAt: page.updatedAt?.toISOString() ?? null },
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page;
  if (!page) return [{ title: 'Page not found | Wear Your Faith' }, { name: 'robots', content: 'noindex' }];
  return seoMeta({
    matches,
    title: SHOP_PAGE_TITLES[page.slug],
    description: page.body.replace(/^## .*$/gm, ''),
    path: `/policies/${page.slug}`,
  });
}

/** A line of the text, its email addresses and the other pages' titles as links. */
function Line({ text, slug }: { text: string; slug: ShopPageSlug }) {
  return pageInlines(text, slug).map((piece, index) =>
    typeof piece === 'string' ? (
      piece
    ) : (
      <a
        key={index}
        href={piece.href}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {piece.text}
      </a>
    ),
  );
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) return <NotFound />;
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{page.title}</h1>
      {page.updatedAt && <p className="mt-2 text-sm text-muted">{`Last updated ${formatDate(page.updatedAt)}`}</p>}
      <div className="mt-8 space-y-4 leading-relaxed text-ink/90" data-testid="policy-text">
        {pageBlocks(page.body).map((block, index) =>
          block.kind === 'heading' ? (
            <h2 key={index} className="pt-4 text-xl font-semibold tracking-tight text-ink">
              {block.text}
            </h2>
          ) : block.kind === 'list' ? (
            <ul key={index} className="list-disc space-y-1.5 pl-6">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Line text={item} slug={page.slug} />
                </li>
              ))}
            </ul>
          ) : (
            <p key={index}>
              {block.lines.map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  <Line text={line} slug={page.slug} />
                </span>
              ))}
            </p>
          ),
        )}
      </div>
    </main>
  );
}
