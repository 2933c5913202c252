import { formatDate, formatDayAndMonth } from '@domain/dates';
import { formatCents } from '@domain/money';

export { formatCents, formatDate, formatDayAndMonth };

export function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}
