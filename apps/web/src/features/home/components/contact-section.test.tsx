import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, renderWithProviders } from '../../../test/render';
import { ContactSection } from './contact-section';

afterEach(() => vi.unstubAllGlobals());

describe('ContactSection', () => {
  it('shows a message for each missing field and no toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactSection />);

    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('First name is Required')).toBeInTheDocument();
    expect(screen.getByText('Message is Required')).toBeInTheDocument();
    expect(screen.queryByText('we will contact with you soon')).not.toBeInTheDocument();
  });

  it('rejects an address that is not an e-mail', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactSection />);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Provide a valid Email')).toBeInTheDocument();
  });

  it('confirms a complete message with the toast, clears the form and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ContactSection />);

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Message'), 'Do you ship to Ireland?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await findToast('we will contact with you soon')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
