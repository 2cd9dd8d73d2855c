import { centsToDollars, formatPrice } from '@toolshop/shared/money';
import type { ActivityEntry } from '@toolshop/shared/admin';

/** The names an owner reads for the fields the server records (apps/server tools, users, orders, auth). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  price: 'Price',
  onHand: 'Units on hand',
  minimumOrder: 'Minimum order',
  description: 'Description',
  img: 'Image',
  lowStockThreshold: 'Low-stock threshold',
  role: 'Role',
  customer: 'Customer',
  userAgent: 'Browser',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  shippingFeeCents: 'Shipping fee',
  freeShippingFromCents: 'Free shipping from',
  slug: 'Address',
  order: 'Order',
  categoryId: 'Category',
};

// Amounts the server records in cents (the shipping settings).
const CENT_FIELDS = new Set(['shippingFeeCents', 'freeShippingFromCents']);

// A low-stock threshold of null means the default (twice the minimum order), a free-shipping threshold of
// null that shipping is never free; other nulls mean "none".
const NULL_MEANS: Record<string, string> = { lowStockThreshold: 'default', freeShippingFromCents: 'never' };

const show = (field: string, value: unknown): string => {
  if (value === null || value === undefined) return NULL_MEANS[field] ?? 'none';
  if (field === 'price' && typeof value === 'number') return formatPrice(value);
  if (CENT_FIELDS.has(field) && typeof value === 'number') return formatPrice(centsToDollars(value));
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** What an entry records beyond who and what: each changed field as before → after, other facts as key: value. */
export function ActivityDetails({ details }: { details: ActivityEntry['details'] }) {
  const { changes, ...facts } = details;
  const changed =
    changes && typeof changes === 'object' && !Array.isArray(changes)
      ? Object.entries(changes as Record<string, { before?: unknown; after?: unknown }>)
      : [];
  const lines = [
    ...changed.map(([field, change]) => ({
      field,
      text: `${show(field, change.before)} → ${show(field, change.after)}`,
    })),
    ...Object.entries(facts).map(([field, value]) => {
      const change = value as { before?: unknown; after?: unknown } | null;
      return change && typeof change === 'object' && 'before' in change && 'after' in change
        ? { field, text: `${show(field, change.before)} → ${show(field, change.after)}` }
        : { field, text: show(field, value) };
    }),
  ];
  if (lines.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {lines.map((line) => (
        <div key={line.field} className="contents">
          <dt className="text-base-content/70">{FIELD_LABELS[line.field] ?? line.field}</dt>
          <dd className="break-words">{line.text}</dd>
        </div>
      ))}
    </dl>
  );
}
