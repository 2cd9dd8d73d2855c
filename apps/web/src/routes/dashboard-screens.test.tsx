import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSession, pageOf } from '../test/fixtures';
import { behindGuards, screenAt, type ScreenModule } from '../test/guarded-routes';
import { mockRoutes, renderRoutes } from '../test/render';
import * as activity from './dashboard.activity';
import * as makeAdmin from './dashboard.make-admin';
import * as manageOrders from './dashboard.manage-orders';
import * as manageProducts from './dashboard.manage-products';
import * as manageReviews from './dashboard.manage-reviews';
import * as myOrders from './dashboard.my-orders';
import * as myProfile from './dashboard.my-profile';
import * as overview from './dashboard.overview';
import * as payment from './dashboard.payment';
import * as shopSettings from './dashboard.settings';
import * as updateProfile from './dashboard.update-profile';

// Each screen's route loads its data before the screen is drawn; this is the call it makes.
const screens: [string, ScreenModule, string, string][] = [
  ['My Profile', myProfile, 'GET /api/profile/ada%40example.com', 'your profile'],
  ['Update Profile', updateProfile, 'GET /api/profile/ada%40example.com', 'your profile'],
  ['My Orders', myOrders, 'GET /api/order/ada%40example.com', 'your orders'],
  ['Sales Overview', overview, 'GET /api/admin/overview', 'the sales overview'],
  ['Activity Log', activity, 'GET /api/admin/activity', 'the activity log'],
  ['Manage All Orders', manageOrders, 'GET /api/order', 'the orders'],
  ['Make Admin', makeAdmin, 'GET /api/user', 'the users'],
  ['Manage All Products', manageProducts, 'GET /api/tools', 'the products'],
  ['Manage Reviews', manageReviews, 'GET /api/review', 'the reviews'],
  ['Shop Settings', shopSettings, 'GET /api/settings/shipping', 'the shop settings'],
  ['Payment', payment, 'GET /api/payment/order-1', 'this order'],
];

const serverError = { status: 500, body: { error: { code: 'internal', message: 'down' } } };

const renderScreen = (route: ScreenModule) =>
  renderRoutes(
    // In the app, RequireAuth's spinner stands above the first screen while it loads.
    [{ ...screenAt('/screen/:id', route), HydrateFallback: () => null }],
    { route: '/screen/order-1' },
  );

describe('a dashboard screen whose data cannot be loaded', () => {
  it.each(screens)('%s says what failed and loads again on Try again', async (_name, route, call, what) => {
    let failing = true;
    const calls = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/admin/ada%40example.com': { body: { admin: true } },
      'GET /api/config': { body: { payments: { mode: 'demo' } } },
      [call]: () =>
        failing ? serverError : { status: 404, body: { error: { code: 'nf', message: 'gone' } } },
    });
    const user = userEvent.setup();
    renderScreen(route);

    expect(await screen.findByRole('alert')).toHaveTextContent(`We could not load ${what}.`);
    const path = call.split(' ')[1]!;
    const asked = () => calls.mock.calls.filter(([url]) => url.split('?')[0] === path).length;
    expect(asked()).toBe(1);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expect.poll(asked).toBe(2);
  });

  it('tells a buyer when the order to pay is not among theirs, with the way to their orders', async () => {
    mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/payment/order-1': { status: 404, body: { error: { code: 'not_found', message: 'gone' } } },
      'GET /api/config': { body: { payments: { mode: 'demo' } } },
    });
    renderScreen(payment);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this order among yours. It may have been deleted.',
    );
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/myOrders');
  });

  it('asks nothing of an admin screen for a customer: the guard signs them out', async () => {
    const calls = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/admin/ada%40example.com': { body: { admin: false } },
      'POST /api/auth/sign-out': { body: { success: true } },
      'GET /api/order': { body: pageOf([]) },
    });
    renderRoutes(behindGuards([screenAt('/dashboard/manageOrders', manageOrders)]), {
      route: '/dashboard/manageOrders',
    });

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(calls.mock.calls.some(([url]) => url.startsWith('/api/order'))).toBe(false);
  });
});
