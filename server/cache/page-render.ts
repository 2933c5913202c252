/**
 * What a render tells the page cache (decision 018), through the load context: the tags of
 * what the page shows, and whether the render failed (a failed render is never kept).
 */
export interface PageRender {
  tags: Set<string>;
  failed: boolean;
}

/** Adds tags to the page being rendered; a no-op when the page is not being cached. */
export function tagPage(context: { pageRender?: PageRender }, ...tags: string[]): void {
  const render = context.pageRender;
  if (!render) return;
  for (const tag of tags) render.tags.add(tag);
}
