import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { GoogleButton } from './google-button';

afterEach(() => vi.unstubAllGlobals());

describe('GoogleButton', () => {
  it('says plainly that Google sign-in is not configured, and goes nowhere', async () => {
    const fetchMock = mockRoutes({ 'GET /api/config': { body: { googleSignIn: false } } });
    const user = userEvent.setup();
    renderWithProviders(<GoogleButton callbackURL="/" />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());

    await user.click(screen.getByRole('button', { name: 'Use Google?' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Google sign-in is not configured on this shop.',
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/config']);
  });
});
