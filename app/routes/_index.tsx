import { Heart, ShieldCheck, Truck } from '~/components/ui/icons';
import { Link } from 'react-router';
import * as MESSAGES from '@domain/messages';
import { HeroImage } from '~/components/shop/hero-image';
import { loadCollectionCards } from '@server/catalog/load-collection-cards';
import { CollectionSection, EmptyState, ProductGrid } from '~/components/shop/collection';
import { DonationSection } from '~/components/shop/donation-section';
import { ProductImage } from '~/components/shop/product-image';
import { PlainLink } from '~/components/ui/plain-link';
import { PromoDialog } from '~/components/shop/promo-dialog';
import { seoMeta } from '~/components/shop/seo';
import type { Route } from './+types/_index';

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    matches,
    title: 'Wear Your Faith',
    description:
      'Faith-inspired t-shirts, hoodies and accessories from a student-run brand. Discover meaningful apparel that speaks to your heart.',
    path: '/',
  });
}

/**
 * SPEC §2 Home: Featured Collection = 6 external products, else the first 6 own, else the demo
 * tee. Awaited, so the products are in the server's HTML (first-class content, no JavaScript
 * needed); the lists come from the catalogue cache.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { source, cards } = await loadCollectionCards({
    context,
    source: { external: { kind: 'products', first: 6 }, own: {}, demoSlug: 'simple-cross-tee' },
    pageSize: 6,
  });
  // Only what the page draws: loader data is in the HTML (the counts are the collection pages').
  return { featured: { source, cards } };
}

/** Six featured cards read best as two rows of three (app.css). */
const FEATURED_GRID_CLASS = 'featured-grid';

/** SPEC §2 Our Cross Collection: four colour tiles of the Classic Cross Tee. */
const CROSS_TILES = [
  { color: 'Sky Blue', image: '/images/products/classic-cross-tee-sky-blue-960.webp' },
  { color: 'Blush Pink', image: '/images/products/classic-cross-tee-blush-pink-960.webp' },
  { color: 'Cream', image: '/images/products/classic-cross-tee-cream-960.webp' },
  { color: 'White', image: '/images/products/classic-cross-tee-white-960.webp' },
];

const MISSION_CARDS = [
  {
    icon: Heart,
    title: MESSAGES.missionFaithCentered,
    text: 'Every design begins in prayer and points to the hope we have in Christ.',
  },
  {
    icon: ShieldCheck,
    title: MESSAGES.missionPremiumQuality,
    text: 'Soft, durable fabrics and prints made to last through countless washes.',
  },
  {
    icon: Truck,
    title: MESSAGES.missionFastShipping,
    text: MESSAGES.missionFastShippingText,
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured } = loaderData;
  return (
    <main>
      <section className="hero">
        <HeroImage className="hero-photo" />
        <div className="hero-shade" />
        <div className="hero-text">
          <h1>{MESSAGES.heroHeading}</h1>
          <p>{MESSAGES.heroText}</p>
          <a href="#featured-products">{MESSAGES.shopCollection}</a>
        </div>
      </section>

      {/* data-source: where the featured cards came from (own, external or demo), for tests and support. */}
      <section id="featured-products" className="section scroll-mt-20" data-source={featured.source}>
        <CollectionSection
          title={MESSAGES.featuredCollection}
          count="Handpicked favorites from our newest designs"
          filters={
            // The header's New Arrivals link already has React Router discover this route.
            <Link to="/new-arrivals" className="more-link" discover="none">
              View all new arrivals →
            </Link>
          }
        >
          {featured.cards.length === 0 ? (
            <EmptyState title={MESSAGES.comingSoon} text={MESSAGES.comingSoonDescription} />
          ) : (
            <ProductGrid products={featured.cards} className={FEATURED_GRID_CLASS} anchors={false} />
          )}
        </CollectionSection>
      </section>

      <section aria-labelledby="cross-heading" className="bg-brand-50">
        <div className="section">
          <h2 id="cross-heading" className="section-title">
            {MESSAGES.ourCrossCollection}
          </h2>
          <p className="section-note">{`The ${MESSAGES.crossCollectionProductName} in four soft shades.`}</p>
          <ul className="tile-grid">
            {CROSS_TILES.map((tile) => (
              <li key={tile.color}>
                <PlainLink to={`/products/classic-cross-tee?color=${encodeURIComponent(tile.color)}`} className="tile">
                  <ProductImage
                    src={tile.image}
                    alt={`${MESSAGES.crossCollectionProductName} in ${tile.color}`}
                    sizes="(min-width: 1024px) 25vw, 50vw"
                  />
                  <span>{tile.color}</span>
                </PlainLink>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="section">
        <h2 id="mission-heading" className="section-title text-center">
          {MESSAGES.ourMission}
        </h2>
        <ul className="mission-grid">
          {MISSION_CARDS.map((card) => (
            <li key={card.title} className="mission-card">
              <card.icon />
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <DonationSection />
      <PromoDialog />
    </main>
  );
}
