import { formatCents } from '@domain/money';

export { formatCents };

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}
