import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import { isPaidStatus, type OrderStatus } from '@toolshop/shared/order-status';
import type { OrderDetail } from '@toolshop/shared/order-detail';
import { paths } from '@toolshop/shared/paths';
import { Moment } from '../../../components/ui/moment';
import { OrderAmounts } from '../../../components/ui/order-amounts';
import { BuyAgainForm } from '../components/buy-again-form';
import { OrderTimeline } from '../components/order-timeline';
import { formatOrderNumber, ORDER_STATUS_LABELS } from '../order-format';

const STATUS_BADGES: Record<OrderStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  delivered: 'badge-success',
  cancelled: 'badge-neutral',
  expired: 'badge-warning',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm font-semibold text-base-content/70">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

function OrderLines({ order }: { order: OrderDetail }) {
  return (
    <section
      aria-labelledby="order-lines"
      className="rounded-box border border-base-300 bg-base-100 shadow-sm"
    >
      <h2 id="order-lines" className="px-5 pt-5 text-lg font-bold">
        What you ordered
      </h2>
      <div className="overflow-x-auto">
        <table className="table table-sm sm:table-md">
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col" className="text-right">
                Units
              </th>
              <th scope="col" className="text-right">
                Unit price
              </th>
              <th scope="col" className="text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.toolId}>
                <td className="min-w-32 font-medium">
                  <Link to={paths.tool(line.toolId)} className="link-hover link">
                    {line.tool}
                  </Link>
                </td>
                <td className="text-right">{formatCount(line.quantity)}</td>
                <td className="text-right whitespace-nowrap">{formatPrice(line.unitPrice)}</td>
                <td className="text-right font-semibold whitespace-nowrap">{formatPrice(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OrderAmounts
        subtotal={order.subtotal}
        shipping={order.shipping}
        total={order.total}
        className="ml-auto max-w-xs p-5"
      />
    </section>
  );
}

/** What the customer can do next: pay an unpaid order, or buy a paid one again. */
function NextStep({ order }: { order: OrderDetail }) {
  if (order.status === 'unpaid') {
    return (
      <Link to={paths.payment(order._id)} className="btn btn-primary">
        Pay for this order
      </Link>
    );
  }
  return isPaidStatus(order.status) ? <BuyAgainForm order={order} /> : null;
}

/**
 * An order's own page (issue 27): its number, when it was placed, its lines and amounts, where it goes,
 * its payment reference, where it stands and what happened to it so far.
 */
export function OrderPage({ order }: { order: OrderDetail }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:py-16">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Order {formatOrderNumber(order.number)}</h1>
          <p className="mt-2 text-base-content/70">
            Placed <Moment iso={order.createdAt} />
          </p>
          <p className="mt-3">
            <span className="sr-only">Status: </span>
            <span className={`badge badge-soft ${STATUS_BADGES[order.status]}`}>
              {ORDER_STATUS_LABELS[order.status]}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <NextStep order={order} />
          <Link to={paths.myOrders} className="btn btn-ghost">
            My Orders
          </Link>
        </div>
      </div>
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 self-start">
          <OrderLines order={order} />
          <section
            aria-labelledby="order-delivery"
            className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
          >
            <h2 id="order-delivery" className="mb-3 text-lg font-bold">
              Delivery and payment
            </h2>
            <dl className="grid gap-3">
              <Fact label="Address">{order.address}</Fact>
              <Fact label="Phone">{order.phone ?? 'Not given'}</Fact>
              <Fact label="Payment reference">
                {order.transactionId ? (
                  <span className="font-mono text-sm break-all">{order.transactionId}</span>
                ) : (
                  'Not paid yet'
                )}
              </Fact>
            </dl>
          </section>
        </div>
        <section
          aria-labelledby="order-timeline"
          className="self-start rounded-box border border-base-300 bg-base-100 p-5 shadow-sm"
        >
          <h2 id="order-timeline" className="mb-4 text-lg font-bold">
            Timeline
          </h2>
          <OrderTimeline events={order.timeline} />
        </section>
      </div>
    </div>
  );
}
