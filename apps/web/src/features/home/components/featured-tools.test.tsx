import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTool } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { FeaturedTools } from './featured-tools';

afterEach(() => vi.unstubAllGlobals());

describe('FeaturedTools', () => {
  it('shows only the first six tools, each with its details and a purchase link', async () => {
    const tools = Array.from({ length: 8 }, (_, i) => makeTool(i + 1));
    mockRoutes({ 'GET /api/tools': { body: tools } });

    renderWithProviders(<FeaturedTools />);

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Tool number 1' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Tool number 1' })).toHaveAttribute(
      'src',
      '/images/tools/tool-1.svg',
    );
    expect(cards[0]).toHaveTextContent('$11.50 per unit');
    expect(cards[0]).toHaveTextContent('Available quantity1,001');
    expect(cards[0]).toHaveTextContent('Minimum order6');
    expect(cards[0]).toHaveTextContent('Description of tool 1');
    expect(first.getByRole('link', { name: 'Purchase Tool number 1' })).toHaveAttribute(
      'href',
      `/purchase/${tools[0]!._id}`,
    );
    expect(screen.queryByText('Tool number 7')).not.toBeInTheDocument();
  });

  it('shows a spinner while loading and a retry message when the catalogue cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );

    renderWithProviders(<FeaturedTools />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading tools');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the tools');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
