import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '@toolshop/shared/messages';
import type { Profile } from '@toolshop/shared/profile';
import { makeSession } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import type { FormRefusal } from '../../../lib/form-actions';
import { UpdateProfilePage } from './update-profile-page';

afterEach(() => vi.unstubAllGlobals());

const saved: Profile = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  education: 'BSc Mathematics',
  location: 'London',
  linkedIn: 'https://www.linkedin.com/in/ada',
  number: '020 7946 0000',
  img: null,
};

function renderPage(answer?: FormRefusal) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/updateProfile" element={<UpdateProfilePage answer={answer} />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { route: '/dashboard/updateProfile' },
  );
}

describe('UpdateProfilePage', () => {
  it('shows what the page answered to the form sent before the scripts ran, and sends it again from here', async () => {
    const fetchMock = mockRoutes({
      'GET /api/auth/get-session': { body: makeSession() },
      'GET /api/profile/ada%40example.com': { body: saved },
      'PUT /api/profile/ada%40example.com': (body) => ({ body: { ...saved, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderPage({
      ok: false,
      message: null,
      fields: { linkedIn: 'Provide a valid link (https://…)' },
      typed: { education: 'BSc Physics', location: 'Leeds', number: '0113 496 0000', linkedIn: 'not a link' },
    });

    expect(await screen.findByText('Provide a valid link (https://…)')).toBeInTheDocument();
    // What was sent, not the saved profile.
    expect(screen.getByLabelText('Education')).toHaveValue('BSc Physics');
    expect(screen.getByLabelText('LinkedIn')).toHaveValue('not a link');
    await user.clear(screen.getByLabelText('LinkedIn'));
    await user.type(screen.getByLabelText('LinkedIn'), 'https://www.linkedin.com/in/ada-l');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(toasts.profileUpdated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT') as [
      unknown,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body))).toMatchObject({
      education: 'BSc Physics',
      location: 'Leeds',
      linkedIn: 'https://www.linkedin.com/in/ada-l',
    });
  });
});
