import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../features/auth/pages/login-page';
import { makeSession } from '../test/fixtures';
import { mockRoutes, renderRoutes, storefrontStub } from '../test/render';
import { shouldRevalidate } from '../root';
import QueryCache from './query-cache';
import Site from './site';

/**
 * The navbar shows who is signed in and the cart's count as the root's loader read them (decision 066): a
 * sign-in (which merges the visitor's cart into the account's) and a sign-out must make it read them again.
 */
describe('the navbar across a sign-in and a sign-out', () => {
  it('shows the account and its merged cart once signed in, and the visitor again once signed out', async () => {
    const { user: ada } = makeSession();
    // What the server's session cookie says: a visitor with 2 lines, then Ada, whose cart had one more tool.
    const server = { user: null as typeof ada | null, cartLines: 2 };
    mockRoutes({
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-in/email': () => {
        Object.assign(server, { user: ada, cartLines: 3 });
        return { body: { redirect: false, token: 't', user: ada } };
      },
      'GET /api/auth/get-session': () => ({ body: server.user ? makeSession() : null }),
      'POST /api/auth/sign-out': () => {
        Object.assign(server, { user: null, cartLines: 0 });
        return { body: { success: true } };
      },
    });
    renderRoutes(
      [
        {
          id: 'root',
          loader: () => ({ user: server.user, cartLines: server.cartLines, publicUrl: 'http://localhost' }),
          shouldRevalidate,
          Component: Outlet,
          HydrateFallback: () => null,
          children: [
            {
              Component: Site,
              children: [
                { index: true, Component: () => <h1>Home</h1> },
                { path: '/tools', Component: () => <h1>Tools</h1> },
                { Component: QueryCache, children: [{ path: '/login', Component: LoginPage }] },
              ],
            },
          ],
        },
      ],
      { route: '/login', context: storefrontStub() },
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'CART 2 lines' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LOG IN' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), ada.email);
    await user.type(screen.getByLabelText('Password'), 'a-good-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CART 3 lines' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DASHBOARD' })).toBeInTheDocument();

    // Signing out elsewhere than at home, where going home is no reason in itself to read the root again.
    await user.click(screen.getAllByRole('link', { name: 'TOOLS' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Tools' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'LOG OUT' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'CART 0 lines' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LOG IN' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'DASHBOARD' })).not.toBeInTheDocument();
  });
});
