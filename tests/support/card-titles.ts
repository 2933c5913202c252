/** The product card titles of a page's HTML, in page order (the h3 that follows a card's picture). */
export function cardTitles(html: string): string[] {
  return [...html.matchAll(/<article class="card"[^>]*>.*?<h3>(?:<a[^>]*>)?([^<]*)</g)].map((match) => match[1] ?? '');
}
