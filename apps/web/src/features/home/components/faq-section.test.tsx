import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqSection } from './faq-section';

describe('FaqSection', () => {
  it.each(['Why Us?', 'Our Products and policy'])('opens and closes "%s"', async (question) => {
    const user = userEvent.setup();
    render(<FaqSection />);
    const toggle = screen.getByRole('button', { name: question });

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: question })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: question })).toBeVisible();

    await user.click(toggle);
    expect(screen.queryByRole('region', { name: question })).not.toBeInTheDocument();
  });
});
