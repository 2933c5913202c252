/** The product card titles of a page's HTML, in page order (the card's `<h3 class="card-title">`). */
export function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h3 class="card-title">(?:<a[^>]*>)?([^<]*)</g)].map((match) => match[1] ?? '');
}
