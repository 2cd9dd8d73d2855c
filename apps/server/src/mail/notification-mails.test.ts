import { describe, expect, it } from 'vitest';
import { lowStockMail, orderDeliveredMail } from './notification-mails';

describe('notification mails', () => {
  it('tells an admin which tool is low, how low, and where to restock it', () => {
    const mail = lowStockMail(
      'admin@shop.test',
      { name: 'Crimper', availableQuantity: 9, threshold: 10 },
      'https://shop.test',
    );
    expect(mail.to).toBe('admin@shop.test');
    expect(mail.subject).toBe('Low stock: Crimper');
    expect(mail.text).toContain('Only 9 left to order, below its low-stock threshold of 10.');
    expect(mail.text).toContain('https://shop.test/dashboard/overview');
  });

  it('tells a customer their order was delivered, with a link to their orders', () => {
    const mail = orderDeliveredMail(
      'eve@example.com',
      { orderId: 'o-1', name: 'Eve', tool: 'Pliers', quantity: 3 },
      'https://shop.test',
    );
    expect(mail.subject).toBe('Your Toolshop order of Pliers was delivered');
    expect(mail.text).toBe(
      [
        'Good news, Eve',
        '',
        'Your order of 3 × Pliers has been delivered.',
        'Order: o-1. Thank you for shopping with Toolshop.',
        '',
        'See my orders: https://shop.test/dashboard/myOrders',
        '',
        '— Toolshop',
      ].join('\n'),
    );
    expect(mail.html).toContain('Good news, Eve');
  });
});
