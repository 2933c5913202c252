import { formatDate, formatDayAndMonth } from '@domain/dates';
import { formatCents, formatCount, formatCountOf } from '@domain/money';

export { formatCents, formatCount, formatCountOf, formatDate, formatDayAndMonth };

export function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}
