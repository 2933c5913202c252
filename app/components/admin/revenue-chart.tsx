import { formatCents, formatDate, formatDayAndMonth } from './format';

/**
 * A small inline SVG bar chart (no chart library): one bar per day, hover shows the date and
 * amount. Days are 'YYYY-MM-DD' in the shop's time zone, shown as the rest of the admin shows dates.
 */
export function RevenueChart({ days }: { days: { day: string; revenueCents: number }[] }) {
  const max = Math.max(1, ...days.map((day) => day.revenueCents));
  const total = days.reduce((sum, day) => sum + day.revenueCents, 0);
  const width = 300;
  const height = 120;
  const gap = 2;
  const barWidth = width / days.length - gap;
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-40 w-full" role="img" aria-label={`Revenue per day, total ${formatCents(total)}`}>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-line" />
        {days.map((day, index) => {
          const barHeight = day.revenueCents === 0 ? 0 : Math.max(2, (day.revenueCents / max) * (height - 8));
          return (
            <rect
              key={day.day}
              x={index * (barWidth + gap)}
              y={height - barHeight}
              width={barWidth}
              height={barHeight}
              rx="1.5"
              className="fill-brand-500 hover:fill-brand-700"
            >
              <title>{`${formatDate(day.day)}: ${formatCents(day.revenueCents)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex justify-between text-xs text-muted">
        {first && <time dateTime={first.day}>{formatDayAndMonth(first.day)}</time>}
        <span>Total {formatCents(total)}</span>
        {last && <time dateTime={last.day}>{formatDayAndMonth(last.day)}</time>}
      </figcaption>
    </figure>
  );
}
