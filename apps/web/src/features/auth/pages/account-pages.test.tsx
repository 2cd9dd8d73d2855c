import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '@toolshop/shared/auth';
import { mockRoutes, renderRoutes, renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { VerifyEmailPage } from './verify-email-page';

describe('RegisterPage', () => {
  it('says to check the inbox after signing up, and can send the link again', async () => {
    const fetchMock = mockRoutes({
      'GET /api/config': { body: { googleSignIn: false } },
      'POST /api/auth/sign-up/email': { body: { token: null, user: {} } },
      'POST /api/auth/send-verification-email': { body: { status: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<RegisterPage />, { route: '/register' });

    await user.click(screen.getByLabelText('Name'));
    await user.paste('Grace');
    await user.click(screen.getByLabelText('Email'));
    await user.paste('grace@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('a good password');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(accountMessages.checkInbox);
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('button', { name: 'Sent again' })).toBeDisabled();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/send-verification-email');
  });
});

describe('LoginPage', () => {
  it('shows SPEC’s minimum-length message for a short password', async () => {
    mockRoutes({ 'GET /api/config': { body: { googleSignIn: false } } });
    const user = userEvent.setup();
    renderRoutes([{ path: '/login', Component: LoginPage }], { route: '/login' });

    await user.click(screen.getByLabelText('Email'));
    await user.paste('grace@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Must be 6 characters or longer')).toBeVisible();
  });
});

describe('VerifyEmailPage', () => {
  it('confirms with the link’s token and the password, and shows the server’s refusal', async () => {
    const bodies: unknown[] = [];
    mockRoutes({
      'POST /api/auth/confirm-email': (body) => {
        bodies.push(body);
        return bodies.length === 1
          ? { status: 400, body: { message: accountMessages.confirmationPasswordWrong } }
          : { body: { status: true } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=T0K' });

    await user.click(screen.getByLabelText('Password'));
    await user.paste('wrong one');
    await user.click(screen.getByRole('button', { name: 'Confirm my e-mail' }));
    expect(await screen.findByText(accountMessages.confirmationPasswordWrong)).toBeVisible();

    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByLabelText('Password'));
    await user.paste('right one');
    await user.click(screen.getByRole('button', { name: 'Confirm my e-mail' }));
    expect(await screen.findByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();
    expect(bodies).toEqual([
      { token: 'T0K', password: 'wrong one' },
      { token: 'T0K', password: 'right one' },
    ]);
  });
});
