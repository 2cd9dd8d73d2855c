import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { ShopSettingsPage } from './shop-settings-page';

/** The API's shipping settings, changed by each PUT as the server would. */
function settingsServer(initial: ShippingSettings) {
  let settings = initial;
  const calls = mockRoutes({
    'GET /api/settings/shipping': () => ({ body: settings }),
    'PUT /api/settings/shipping': (body) => {
      settings = body as ShippingSettings;
      return { body: settings };
    },
  });
  const puts = () =>
    calls.mock.calls
      .filter(([, init]) => init.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init.body)));
  return { puts };
}

const fee = () => screen.getByRole('spinbutton', { name: 'Shipping fee per order ($)' });
const freeFrom = () => screen.getByRole('spinbutton', { name: 'Free shipping from ($)' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('ShopSettingsPage', () => {
  it('shows the settings in dollars and saves new ones in cents, with a toast', async () => {
    const { puts } = settingsServer({ shippingFeeCents: 0, freeShippingFromCents: null });
    const user = userEvent.setup();
    renderWithProviders(<ShopSettingsPage />);

    expect(await screen.findByText('Shipping is free on every order.')).toBeInTheDocument();
    expect(fee()).toHaveValue(0);
    expect(freeFrom()).toHaveValue(null);
    expect(save()).toBeDisabled();

    await user.clear(fee());
    await user.type(fee(), '7.95');
    await user.type(freeFrom(), '100');
    await user.click(save());

    expect(await screen.findByText('Shipping settings saved.')).toBeInTheDocument();
    expect(puts()).toEqual([{ shippingFeeCents: 795, freeShippingFromCents: 10_000 }]);
    expect(
      await screen.findByText('Orders under $100.00 pay $7.95 shipping; from $100.00 on, shipping is free.'),
    ).toBeInTheDocument();
  });

  it('saves a blank "free shipping from" as never', async () => {
    const { puts } = settingsServer({ shippingFeeCents: 500, freeShippingFromCents: 5_000 });
    const user = userEvent.setup();
    renderWithProviders(<ShopSettingsPage />);

    await screen.findByText('Orders under $50.00 pay $5.00 shipping; from $50.00 on, shipping is free.');
    expect(freeFrom()).toHaveValue(50);
    await user.clear(freeFrom());
    await user.click(save());

    expect(await screen.findByText('Every order pays $5.00 shipping.')).toBeInTheDocument();
    expect(puts()).toEqual([{ shippingFeeCents: 500, freeShippingFromCents: null }]);
  });

  it('refuses a negative fee, a zero threshold and a fraction of a cent before asking the server', async () => {
    const { puts } = settingsServer({ shippingFeeCents: 0, freeShippingFromCents: null });
    const user = userEvent.setup();
    renderWithProviders(<ShopSettingsPage />);

    await user.clear(await screen.findByRole('spinbutton', { name: 'Shipping fee per order ($)' }));
    await user.type(fee(), '-1');
    await user.type(freeFrom(), '0');
    await user.click(save());
    expect(await screen.findByText('The shipping fee cannot be negative')).toBeInTheDocument();
    expect(
      screen.getByText('Free shipping must start above $0.00: leave it blank for never'),
    ).toBeInTheDocument();

    await user.clear(fee());
    await user.type(fee(), '4.999');
    await user.clear(freeFrom());
    await user.click(save());
    expect(await screen.findByText('Use at most two decimals')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });
});
