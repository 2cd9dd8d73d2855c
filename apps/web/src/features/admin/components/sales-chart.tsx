import type { Overview } from '@toolshop/shared/admin';
import { formatPrice } from '@toolshop/shared/money';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

// The theme's primary and accent: both pass WCAG AA against the white card.
const REVENUE_COLOUR = 'var(--color-primary)';
const ORDERS_COLOUR = 'var(--color-accent)';

const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Revenue (bars) and orders (line) per day. Loaded on its own (React.lazy) so that only this screen
 * downloads the charting library. Hidden from screen readers: the table beside it carries the same figures.
 */
export function SalesChart({ daily }: { daily: Overview['daily'] }) {
  return (
    // `inert`: hidden from screen readers, so its focusable SVG parts must leave the tab order too.
    <div className="h-72 w-full" aria-hidden="true" inert>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={daily} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis
            yAxisId="revenue"
            tickFormatter={(value: number) => `$${value.toLocaleString('en-US')}`}
            tick={{ fontSize: 12 }}
            width={64}
          />
          <YAxis
            yAxisId="orders"
            orientation="right"
            allowDecimals={false}
            tick={{ fontSize: 12 }}
            width={32}
          />
          <Tooltip
            labelFormatter={(date) => shortDate(String(date))}
            formatter={(value, name) => (name === 'Revenue' ? formatPrice(Number(value)) : value)}
          />
          <Legend />
          <Bar
            yAxisId="revenue"
            dataKey="revenue"
            name="Revenue"
            fill={REVENUE_COLOUR}
            radius={[3, 3, 0, 0]}
          />
          <Line
            yAxisId="orders"
            dataKey="orders"
            name="Orders"
            stroke={ORDERS_COLOUR}
            strokeWidth={2}
            dot={false}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
