import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeReview, makeSession } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import type { FormRefusal } from '../../../lib/form-actions';
import { AddReviewPage } from './add-review-page';

afterEach(() => vi.unstubAllGlobals());

const session = makeSession();

function renderPage(answer?: FormRefusal) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/addReview" element={<AddReviewPage answer={answer} />} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { route: '/dashboard/addReview' },
  );
}

/** The API as it answers a customer whose review it accepts. */
const mockReviewAccepted = () =>
  mockRoutes({
    'GET /api/auth/get-session': { body: session },
    'POST /api/review': (body) => ({
      status: 201,
      body: { ...makeReview(1), ...(body as object), verifiedBuyer: true },
    }),
  });

const postCalls = (fetchMock: ReturnType<typeof mockRoutes>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AddReviewPage', () => {
  it('shows the account name read-only and five labelled stars in a Ratings group', async () => {
    mockRoutes({ 'GET /api/auth/get-session': { body: session } });
    renderPage();

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    expect(name).toHaveAttribute('readonly');
    const group = screen.getByRole('radiogroup', { name: 'Ratings' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(within(group).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
  });

  it('requires ratings and a description', async () => {
    const fetchMock = mockRoutes({ 'GET /api/auth/get-session': { body: session } });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Ratings are Required')).toBeInTheDocument();
    expect(screen.getByText('description is Required')).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Ratings' })).toHaveAttribute('aria-invalid', 'true');
    expect(postCalls(fetchMock)).toHaveLength(0);
  });

  it('posts the stars chosen and the description, thanks the customer and goes home', async () => {
    const fetchMock = mockReviewAccepted();
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(screen.getByLabelText('Description'), 'Great tools, fast delivery.');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Thank you! Your review is on the home page.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    const [[, init]] = postCalls(fetchMock) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Ada Lovelace',
      ratings: 4,
      description: 'Great tools, fast delivery.',
    });
  });

  it('can be rated from the keyboard', async () => {
    mockRoutes({ 'GET /api/auth/get-session': { body: session } });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
  });

  it('shows the server’s message when the review is refused', async () => {
    mockRoutes({
      'GET /api/auth/get-session': { body: session },
      'POST /api/review': {
        status: 403,
        body: { error: { code: 'forbidden', message: 'Admins cannot post reviews.' } },
      },
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Description'), 'Excellent.');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Admins cannot post reviews.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('Excellent.');
  });

  it('shows what the page answered to the form sent before the scripts ran, and sends it again from here', async () => {
    const fetchMock = mockReviewAccepted();
    const user = userEvent.setup();
    renderPage({
      ok: false,
      message: null,
      fields: { description: 'description is Required' },
      typed: { ratings: '3', description: '' },
    });

    expect(await screen.findByText('description is Required')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.type(screen.getByLabelText('Description'), 'Good value.');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    const [[, init]] = postCalls(fetchMock) as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({ ratings: 3, description: 'Good value.' });
  });
});
