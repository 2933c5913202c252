import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevenueChart } from './revenue-chart';

const days = [
  { day: '2026-10-28', revenueCents: 0 },
  { day: '2026-10-29', revenueCents: 3599 },
  { day: '2026-11-26', revenueCents: 1500 },
];

describe('RevenueChart', () => {
  it('labels its axis with short dates as the admin writes them, not ISO dates', () => {
    const { container } = render(<RevenueChart days={days} />);
    const caption = container.querySelector('figcaption')!;
    expect(caption).toHaveTextContent('Oct 28');
    expect(caption).toHaveTextContent('Nov 26');
    expect(caption).toHaveTextContent('Total $50.99');
    expect(caption).not.toHaveTextContent('2026-');
    expect(caption.querySelector('time')).toHaveAttribute('dateTime', '2026-10-28');
    expect(screen.getByRole('img', { name: 'Revenue per day, total $50.99' })).toBeInTheDocument();
    // A bar's hover text: the full date.
    expect(container.querySelector('title')).toHaveTextContent('Oct 28, 2026: $0.00');
  });
});
