import type { Cart, CartLine } from '@toolshop/shared/cart';
import type { Order } from '@toolshop/shared/order';
import type { Review } from '@toolshop/shared/review';
import type { Tool } from '@toolshop/shared/tool';

export function makeTool(index: number): Tool {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Tool number ${index}`,
    price: 10 + index + 0.5,
    img: `/images/tools/tool-${index}.svg`,
    images: [`/images/tools/tool-${index}.svg`],
    description: `Description of tool ${index}`,
    minimumOrder: 5 + index,
    availableQuantity: 1000 + index,
    onHand: 1000 + index,
    reserved: 0,
    lowStockThreshold: null,
    categoryId: null,
    rating: { average: null, count: 0 },
  };
}

/** A list call's page holding `items`, as GET /api/tools?page= and the like answer it. */
export const pageOf = <T>(items: T[], { total = items.length, page = 1, limit = 25 } = {}) => ({
  items,
  total,
  page,
  limit,
});

export function makeReview(index: number): Review {
  return {
    _id: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Reviewer ${index}`,
    ratings: (index % 5) + 1,
    description: `Review text ${index}`,
    verifiedBuyer: index % 2 === 0,
  };
}

/** What GET /api/auth/get-session answers for a signed-in customer. */
export function makeSession(user: { name?: string; email?: string } = {}) {
  return {
    user: {
      id: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      emailVerified: true,
      image: null,
      ...user,
    },
    session: { id: 's1', userId: 'u1', expiresAt: '2999-01-01T00:00:00.000Z' },
  };
}

/** An unpaid order of Ada's; override what a test is about. */
export function makeOrder(overrides: Partial<Order>): Order {
  return {
    _id: 'order-1',
    number: 1042,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    toolId: 'tool-1',
    tool: 'Precision screwdriver set',
    quantity: 12,
    address: '1 Main St, Springfield',
    phone: null,
    unitPrice: 18.99,
    lines: [
      { toolId: 'tool-1', tool: 'Precision screwdriver set', quantity: 12, unitPrice: 18.99, total: 227.88 },
    ],
    subtotal: 227.88,
    shipping: 0,
    total: 227.88,
    status: 'unpaid',
    paid: false,
    transactionId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    expiresAt: null,
    ...overrides,
  };
}

/** A line of GET /api/cart for makeTool(index)'s tool, `quantity` units at today's price, nothing flagged. */
export function makeCartLine(index: number, quantity: number, flags: Partial<CartLine> = {}): CartLine {
  const tool = makeTool(index);
  const unitPriceCents = Math.round(tool.price * 100);
  return {
    toolId: tool._id,
    name: tool.name,
    img: tool.img,
    quantity,
    unitPriceCents,
    seenPriceCents: unitPriceCents,
    minimumOrder: tool.minimumOrder,
    availableQuantity: tool.availableQuantity,
    lineTotalCents: unitPriceCents * quantity,
    gone: false,
    priceChanged: false,
    shortOfStock: false,
    ...flags,
  };
}

/** GET /api/cart's answer for `lines`, free shipping unless `shippingCents` is given. */
export function makeCart(lines: CartLine[], shippingCents = 0): Cart {
  const subtotalCents = lines
    .filter((line) => !line.gone)
    .reduce((sum, line) => sum + line.lineTotalCents, 0);
  return {
    lines,
    lineCount: lines.length,
    subtotalCents,
    shippingCents,
    totalCents: subtotalCents + shippingCents,
    readyForCheckout: lines.every((line) => !line.gone && !line.priceChanged && !line.shortOfStock),
  };
}
