import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as ADMIN_MESSAGES from '@domain/admin-messages';
import type { AdminShopPage } from '@domain/admin-contract';
import { normalisePageBody } from '@domain/shop-page-body';
import { SHOP_PAGE_MAX_LENGTH, shopPagePath } from '@domain/shop-pages';
import { formatCount } from '@domain/money';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { adminGet, adminSend, isAdminSessionError } from '~/lib/admin/admin-api';
import { notify } from '~/lib/notify';
import { formatDate } from './format';

const QUERY_KEY = ['admin', 'shop-pages'];

/**
 * Pages tab (issue 32 item 11): the texts of the privacy policy, the terms of sale and the
 * returns policy, which the footer and the checkout link to. Each shows its default text until
 * the owner saves their own; Restore default text brings the default back.
 */
export function PagesTab() {
  const pages = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => adminGet<{ pages: AdminShopPage[] }>('/api/admin/shop-pages'),
  });
  return (
    <section aria-labelledby="pages-heading" className="grid gap-4">
      <div className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <h2 id="pages-heading" className="text-lg font-semibold">
          Pages
        </h2>
        <p className="mt-1 text-sm text-muted">
          The shop&apos;s policies, linked from every page&apos;s footer and from checkout. The default texts name the
          shop and its contact address: read them and make them yours (they are a starting point, not legal advice). A
          line starting with ## is a heading, lines starting with - are a list, a blank line starts a paragraph.
        </p>
        {pages.isError && !isAdminSessionError(pages.error) && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {ADMIN_MESSAGES.fetchPagesFailed}
          </p>
        )}
      </div>
      {pages.data?.pages.map((page) => (
        // Keyed by what was saved: a save shows the stored text (tidied) in a fresh editor.
        <PageEditor key={`${page.slug}:${page.updatedAt ?? 'default'}`} page={page} />
      ))}
    </section>
  );
}

function PageEditor({ page }: { page: AdminShopPage }) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [text, setText] = useState(page.body);
  const checked = normalisePageBody(text);
  const changed = checked.ok ? checked.body !== page.body : true;
  const save = useMutation({
    mutationFn: (body: string | null) =>
      body === null
        ? adminSend<{ page: AdminShopPage }>(`/api/admin/shop-pages/${page.slug}`, 'DELETE')
        : adminSend<{ page: AdminShopPage }>(`/api/admin/shop-pages/${page.slug}`, 'PUT', { body }),
    onSuccess: (answer, body) => {
      notify({
        title: body === null ? ADMIN_MESSAGES.pageDefaultRestored : ADMIN_MESSAGES.pageSaved,
        description: page.title,
      });
      queryClient.setQueryData<{ pages: AdminShopPage[] }>(QUERY_KEY, (current) =>
        current ? { pages: current.pages.map((entry) => (entry.slug === page.slug ? answer.page : entry)) } : current,
      );
    },
    onError: (error) =>
      notify({ title: ADMIN_MESSAGES.pageSaveFailed, description: error.message, variant: 'destructive' }),
  });
  return (
    <form
      aria-labelledby={`${fieldId}-title`}
      className="grid gap-3 rounded-xl border border-line bg-white p-4 sm:p-5"
      data-testid={`page-${page.slug}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (checked.ok) save.mutate(checked.body);
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`${fieldId}-title`} className="font-semibold">
            {page.title}
          </h3>
          <Badge variant={page.isDefault ? 'outline' : 'secondary'}>
            {page.isDefault ? 'Default text' : `Edited ${formatDate(page.updatedAt!)}`}
          </Badge>
        </div>
        <a
          href={shopPagePath(page.slug)}
          target="_blank"
          rel="noreferrer"
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          View page
        </a>
      </div>
      <Label htmlFor={fieldId} className="sr-only">
        {`${page.title} text`}
      </Label>
      <textarea
        id={fieldId}
        rows={12}
        value={text}
        maxLength={SHOP_PAGE_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={checked.ok ? undefined : true}
        aria-describedby={`${fieldId}-note`}
        className="w-full rounded-lg border border-line px-3 py-2 font-mono text-sm leading-relaxed focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-invalid:border-red-500"
      />
      <p id={`${fieldId}-note`} className={`text-xs ${checked.ok ? 'text-muted' : 'text-red-700'}`}>
        {checked.ok
          ? `${formatCount(text.length)} of ${formatCount(SHOP_PAGE_MAX_LENGTH)} characters`
          : checked.message}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {!page.isDefault && (
          <Button type="button" variant="outline" size="sm" disabled={save.isPending} onClick={() => save.mutate(null)}>
            Restore default text
          </Button>
        )}
        <Button type="submit" size="sm" disabled={!checked.ok || !changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
