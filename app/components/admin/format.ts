import { formatDate } from '@domain/dates';
import { formatCents } from '@domain/money';

export { formatCents, formatDate };

export function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}
