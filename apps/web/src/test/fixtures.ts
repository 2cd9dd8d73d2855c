import type { Order } from '@toolshop/shared/order';
import type { Review } from '@toolshop/shared/review';
import type { Tool } from '@toolshop/shared/tool';

export function makeTool(index: number): Tool {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Tool number ${index}`,
    price: 10 + index + 0.5,
    img: `/images/tools/tool-${index}.svg`,
    description: `Description of tool ${index}`,
    minimumOrder: 5 + index,
    availableQuantity: 1000 + index,
    onHand: 1000 + index,
    reserved: 0,
    lowStockThreshold: null,
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
