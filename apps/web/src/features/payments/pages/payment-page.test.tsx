import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardMessages, type PaymentSummary } from '@toolshop/shared/payment';
import { findToast, mockRoutes, renderWithProviders, type MockReply } from '../../../test/render';
import { makeSession } from '../../../test/fixtures';
import { CONFIRMATION_POLL_MS } from '../api';
import { STILL_UNPAID } from '../components/demo-card-form';
import { PaymentPage } from './payment-page';

// Stripe mode runs against stand-ins for Stripe.js and its React bindings (no network, no iframe).
const stripe = vi.hoisted(() => ({ confirmPayment: vi.fn() }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => stripe) }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ children }: { children: React.ReactNode }) => children,
    PaymentElement: ({ onReady }: { onReady?: () => void }) => {
      useEffect(() => onReady?.(), [onReady]);
      return <div>Stripe card element</div>;
    },
    useStripe: () => stripe,
    useElements: () => ({ kind: 'elements' }),
  };
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stripe.confirmPayment.mockReset();
});

const session = makeSession();
const demoConfig = { googleSignIn: false, payments: { mode: 'demo' } };
const unpaidSummary: PaymentSummary = {
  _id: 'order-1',
  number: 1042,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  tool: 'Precision screwdriver set',
  quantity: 12,
  unitPrice: 18.99,
  lines: [
    { toolId: 'tool-1', tool: 'Precision screwdriver set', quantity: 12, unitPrice: 18.99, total: 227.88 },
  ],
  subtotal: 227.88,
  shipping: 0,
  total: 227.88,
  status: 'unpaid',
  transactionId: null,
};

/** A checked-out cart: three lines and paid shipping, every amount as the server computed it. */
const threeLineSummary: PaymentSummary = {
  ...unpaidSummary,
  number: 1043,
  tool: 'Precision screwdriver set, Anti-static wrist strap and Spudger kit',
  quantity: 17,
  unitPrice: null,
  lines: [
    { toolId: 'tool-1', tool: 'Precision screwdriver set', quantity: 10, unitPrice: 18.99, total: 189.9 },
    { toolId: 'tool-2', tool: 'Anti-static wrist strap', quantity: 5, unitPrice: 4.5, total: 22.5 },
    { toolId: 'tool-3', tool: 'Spudger kit', quantity: 2, unitPrice: 7.25, total: 14.5 },
  ],
  subtotal: 226.9,
  shipping: 9.99,
  total: 236.89,
};

function mockDemoShop(extra: Record<string, MockReply | ((body: unknown) => MockReply)> = {}) {
  return mockRoutes({
    'GET /api/auth/get-session': { body: session },
    'GET /api/config': { body: demoConfig },
    'GET /api/payment/order-1': { body: unpaidSummary },
    ...extra,
  });
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
      <Route path="/orders/:orderId" element={<h1>The order’s page</h1>} />
    </Routes>,
    { route: '/dashboard/payment/order-1' },
  );
}

async function enterCard(user: UserEvent, card: { number: string; expiry: string; cvc: string }) {
  await user.type(await screen.findByLabelText('Card number'), card.number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), card.expiry);
  await user.type(screen.getByLabelText('CVC'), card.cvc);
  await user.click(screen.getByRole('button', { name: 'Pay $227.88' }));
}

const posts = (fetchMock: ReturnType<typeof mockRoutes>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('PaymentPage in demo mode', () => {
  it('greets the buyer, shows the order and labels the demo card form', async () => {
    mockDemoShop();
    renderPage();

    expect(await screen.findByText('Demo mode: no real charge')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText(/Please pay for/)).toHaveTextContent('Please pay for Precision screwdriver set');
    expect(screen.getByText('Quantity').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Unit price').nextSibling).toHaveTextContent('$18.99');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$227.88');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByText('4242 4242 4242 4242').parentElement).toHaveTextContent('succeeds');
  });

  it('shows an order of several lines: each line, subtotal, shipping and total as the server sent them', async () => {
    mockDemoShop({ 'GET /api/payment/order-1': { body: threeLineSummary } });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText(/Please pay for/)).toHaveTextContent('Please pay for order #1043');
    const lines = within(screen.getByRole('list', { name: 'The order’s lines' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Precision screwdriver set10 units × $18.99Line total: $189.90',
      'Anti-static wrist strap5 units × $4.50Line total: $22.50',
      'Spudger kit2 units × $7.25Line total: $14.50',
    ]);
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent('$226.90');
    expect(screen.getByText('Shipping').nextSibling).toHaveTextContent('$9.99');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$236.89');
    expect(screen.getByRole('button', { name: 'Pay $236.89' })).toBeInTheDocument();
  });

  it('checks the card in the browser and sends nothing while it is invalid', async () => {
    const fetchMock = mockDemoShop();
    const user = userEvent.setup();
    renderPage();

    await enterCard(user, { number: '4242 4242 4242 4241', expiry: '13/28', cvc: '12' });

    expect(await screen.findByText(cardMessages.invalidNumber)).toBeInTheDocument();
    expect(screen.getByText(cardMessages.incompleteExpiry)).toBeInTheDocument();
    expect(screen.getByText(cardMessages.invalidCvc)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0120');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('01/20');
    expect(await screen.findByText(cardMessages.pastExpiry)).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('shows a decline in red above the button and keeps the order unpaid', async () => {
    mockDemoShop({
      'POST /api/payment/order-1/demo': {
        status: 402,
        body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
      },
    });
    const user = userEvent.setup();
    renderPage();

    await enterCard(user, { number: '4000000000000002', expiry: '12/34', cvc: '123' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Your card was declined. ${STILL_UNPAID}`);
    expect(alert).toHaveClass('text-error');
    // The result takes the focus, so a screen-reader user hears it instead of staying on the button.
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Pay $227.88' })).toBeEnabled();
    expect(screen.queryByText('Payment successful')).not.toBeInTheDocument();
  });

  it("puts the server's field messages under their fields", async () => {
    mockDemoShop({
      'POST /api/payment/order-1/demo': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'Check the card details.',
            fields: { 'body.expiry': cardMessages.pastExpiry },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPage();

    await enterCard(user, { number: '4242424242424242', expiry: '12/34', cvc: '123' });

    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    expect(await screen.findByText(cardMessages.pastExpiry)).toBeInTheDocument();
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
  });

  it("pays: sends the card, says so and lands on the order's page", async () => {
    let summary = unpaidSummary;
    const fetchMock = mockDemoShop({
      'GET /api/payment/order-1': () => ({ body: summary }),
      'POST /api/payment/order-1/demo': () => {
        summary = { ...unpaidSummary, status: 'paid', transactionId: 'demo_txn_8f3a2c' };
        return { body: { status: 'paid', transactionId: 'demo_txn_8f3a2c' } };
      },
    });
    const user = userEvent.setup();
    renderPage();

    await enterCard(user, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });

    expect(await screen.findByRole('heading', { name: 'The order’s page' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(await findToast('Payment successful')).toBeInTheDocument();
  });

  it('sends an Idempotency-Key, the same when the buyer pays again after no answer', async () => {
    const answers = [
      { status: 503, body: { error: { code: 'database_unavailable', message: 'Away for a moment.' } } },
    ];
    const fetchMock = mockDemoShop({
      'POST /api/payment/order-1/demo': () =>
        answers.shift() ?? { body: { status: 'paid', transactionId: 'demo_txn_8f3a2c' } },
    });
    const user = userEvent.setup();
    renderPage();

    await enterCard(user, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(await screen.findByText('Away for a moment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $227.88' }));

    expect(await screen.findByRole('heading', { name: 'The order’s page' })).toBeInTheDocument();
    const keys = posts(fetchMock).map(
      ([, init]) => (init.headers as Record<string, string>)['idempotency-key'],
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows an order that is already paid, with its transaction id and no card form', async () => {
    mockDemoShop({
      'GET /api/payment/order-1': {
        body: { ...unpaidSummary, status: 'paid', transactionId: 'demo_txn_earlier' },
      },
    });
    renderPage();

    expect(await screen.findByText('demo_txn_earlier')).toBeInTheDocument();
    expect(screen.getByText('paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', '/orders/order-1');
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('Demo mode: no real charge')).not.toBeInTheDocument();
  });
});

describe('PaymentPage in Stripe mode', () => {
  const stripeConfig = { googleSignIn: false, payments: { mode: 'stripe', publishableKey: 'pk_test_123' } };

  it('confirms with Stripe, then waits for the webhook before showing the payment as successful', async () => {
    let summaryReads = 0;
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: session },
      'GET /api/config': { body: stripeConfig },
      // The webhook lands after the buyer has submitted: the first poll after that says paid.
      'GET /api/payment/order-1': () => {
        summaryReads += 1;
        return {
          body:
            summaryReads < 2
              ? unpaidSummary
              : { ...unpaidSummary, status: 'paid', transactionId: 'pi_3Pq0abc' },
        };
      },
      'POST /api/payment/order-1/intent': { body: { clientSecret: 'pi_3Pq0abc_secret_xyz' } },
    });
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    // The page polls every CONFIRMATION_POLL_MS: the test moves the clock instead of waiting it out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();

    expect(await screen.findByText('Stripe card element')).toBeInTheDocument();
    expect(screen.queryByText('Demo mode: no real charge')).not.toBeInTheDocument();
    expect(posts(fetchMock).map(([url]) => String(url))).toEqual(['/api/payment/order-1/intent']);

    await user.click(screen.getByRole('button', { name: 'Pay $227.88' }));

    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ elements: { kind: 'elements' }, redirect: 'if_required' }),
    );
    expect(await screen.findByText('Payment received: confirming…')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS);
    expect(await screen.findByRole('heading', { name: 'The order’s page' })).toBeInTheDocument();
    expect(await findToast('Payment successful')).toBeInTheDocument();
  });

  it("shows Stripe's message when the card is refused", async () => {
    mockRoutes({
      'GET /api/auth/get-session': { body: session },
      'GET /api/config': { body: stripeConfig },
      'GET /api/payment/order-1': { body: unpaidSummary },
      'POST /api/payment/order-1/intent': { body: { clientSecret: 'pi_3Pq0abc_secret_xyz' } },
    });
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Pay $227.88' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.queryByText('Payment received: confirming…')).not.toBeInTheDocument();
  });
});
