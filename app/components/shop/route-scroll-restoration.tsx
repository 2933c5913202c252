/**
 * React Router's scroll restoration, made instant for page changes.
 *
 * The stylesheet makes the page scroll smoothly (`scroll-behavior: smooth` on html), so that
 * in-page links glide (SPEC: the hero's Shop Collection smooth-scrolls to the featured products).
 * That also turned React Router's own scrolls (to the top of each new page, back to where the
 * shopper was) into animations from the old position: on a phone a card tapped at the bottom of
 * a list opened its product page at the bottom and slid up, and a paid order's success page,
 * whose content changes as it loads, could stop half-way, with its heading out of sight.
 *
 * Around React Router's scroll the page scrolls instantly, unless the address names a fragment
 * (an in-page link, which keeps gliding). The three are siblings: React runs their layout effects
 * in this order on every change of location.
 */
import { useLayoutEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

function ScrollInstantly() {
  const location = useLocation();
  useLayoutEffect(() => {
    if (location.hash) return;
    const html = document.documentElement;
    html.style.scrollBehavior = 'auto';
    // The browser brings its computed styles up to date lazily, and Chrome's scrollTo reads the
    // behaviour from them as they stand: without this read it still glided (the phone test).
    void getComputedStyle(html).scrollBehavior;
  }, [location]);
  return null;
}

function ScrollAsStyled() {
  const location = useLocation();
  useLayoutEffect(() => {
    document.documentElement.style.removeProperty('scroll-behavior');
  }, [location]);
  return null;
}

export function RouteScrollRestoration({ nonce }: { nonce?: string }) {
  return (
    <>
      <ScrollInstantly />
      <ScrollRestoration nonce={nonce} />
      <ScrollAsStyled />
    </>
  );
}
