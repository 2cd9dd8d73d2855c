import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTool } from '../../../test/fixtures';
import type { Tool } from '@toolshop/shared/tool';
import { renderRoutes } from '../../../test/render';
import { FeaturedTools } from './featured-tools';

// In a data router, as the home page is: each card's Add to cart is a fetcher form.
const renderFeatured = (tools: Tool[]) =>
  renderRoutes([{ path: '/', Component: () => <FeaturedTools tools={tools} /> }]);

describe('FeaturedTools', () => {
  it('shows each tool with its details, a link to its page and a purchase link', async () => {
    const tools = Array.from({ length: 6 }, (_, i) => makeTool(i + 1));

    renderFeatured(tools);

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Tool number 1' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Tool number 1' })).toHaveAttribute(
      'href',
      `/tools/${tools[0]!._id}`,
    );
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
  });

  it('offers an uploaded image at the widths the shop serves, and an SVG as it is', async () => {
    const uploaded = { ...makeTool(1), img: '/api/images/0a1b2c3d-0000-4000-8000-000000000001.webp' };
    renderFeatured([uploaded, makeTool(2)]);

    expect(await screen.findByRole('img', { name: 'Tool number 1' })).toHaveAttribute(
      'srcset',
      `${uploaded.img}?w=320 320w, ${uploaded.img}?w=480 480w, ${uploaded.img}?w=960 960w`,
    );
    expect(screen.getByRole('img', { name: 'Tool number 2' })).not.toHaveAttribute('srcset');
  });

  it('leads to the whole catalogue', async () => {
    renderFeatured([makeTool(1)]);

    expect(await screen.findByRole('link', { name: 'See all tools' })).toHaveAttribute('href', '/tools');
  });
});
