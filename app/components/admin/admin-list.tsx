/**
 * The pieces every admin list shares (orders, customers, donations): the search form, the
 * status filter select, and the failed / empty notes above the rows.
 */
import { useState, type ReactNode } from 'react';
import { Search } from '~/components/ui/icons';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { isAdminSessionError } from '~/lib/admin/admin-api';
import { cn } from '~/lib/utils';

/** A search box with its button; `onSearch` gets the trimmed text. Extra controls go in `children`. */
export function AdminSearchForm(props: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
  className?: string;
  children?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  return (
    <form
      role="search"
      className={cn('mb-4 flex gap-2', props.className)}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(search.trim());
      }}
    >
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
        <Input
          aria-label={props.label}
          placeholder={props.placeholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="h-10! pl-9!"
        />
      </div>
      {props.children}
      <Button type="submit" size="sm" className="h-10!">
        Search
      </Button>
    </form>
  );
}

/** A status filter: 'All statuses', then each status as it is written. */
export function StatusFilter(props: {
  label: string;
  statuses: readonly string[];
  value: string;
  onChange: (status: string) => void;
}) {
  return (
    <NativeSelect aria-label={props.label} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
      <option value="">All statuses</option>
      {props.statuses.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The failed note (unless the session ended: the gate shows then) and the empty note. */
export function ListNotes(props: { error: unknown; failed: string; isEmpty: boolean; empty: string }) {
  return (
    <>
      {props.error != null && !isAdminSessionError(props.error) && (
        <p role="alert" className="text-sm text-red-700">
          {props.failed}
        </p>
      )}
      {props.isEmpty && <p className="py-8 text-center text-sm text-muted">{props.empty}</p>}
    </>
  );
}
