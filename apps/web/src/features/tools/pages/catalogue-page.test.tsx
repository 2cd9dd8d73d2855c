import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogueFiltersOf } from '@toolshop/shared/catalogue-filters';
import type { ToolFacets } from '@toolshop/shared/tool-facets';
import { makeTool, pageOf } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { CataloguePage, type CatalogueData } from './catalogue-page';

const tools = Array.from({ length: 5 }, (_, i) => makeTool(i + 1));

/** A catalogue of five tools; the "$10 to $25" range holds the first two. */
function catalogueAt(url: string): CatalogueData {
  const filters = catalogueFiltersOf(new URL(url).searchParams);
  const items = filters.price === '10-25' ? tools.slice(0, 2) : tools;
  const facets: ToolFacets = {
    total: items.length,
    categories: [
      { _id: 'c1', slug: 'meters-and-testers', name: 'Meters and testers', count: 3 },
      { _id: 'c2', slug: 'opening-tools', name: 'Opening tools', count: 2 },
    ],
    prices: [
      { min: 0, max: 10, count: 0 },
      { min: 10, max: 25, count: 2 },
      { min: 25, max: 50, count: 3 },
      { min: 50, max: 100, count: 0 },
      { min: 100, max: null, count: 0 },
    ],
    inStock: 4,
  };
  return { filters, result: pageOf(items, { limit: 12 }), facets };
}

function renderCatalogue(route = '/tools') {
  const visited: string[] = [];
  renderRoutes(
    [
      {
        path: '/tools',
        loader: ({ request }) => {
          visited.push(new URL(request.url).search);
          return catalogueAt(request.url);
        },
        Component: function Catalogue() {
          return <CataloguePage {...useLoaderData<CatalogueData>()} />;
        },
      },
    ],
    { route },
  );
  return visited;
}

describe('the catalogue’s filters', () => {
  it('shows each choice with its count, and leads to every category', async () => {
    renderCatalogue();

    const categories = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('link', { name: /Meters and testers\s*3/ })).toHaveAttribute(
      'href',
      '/tools/category/meters-and-testers',
    );
    const price = screen.getByRole('group', { name: 'Price' });
    expect(within(price).getByRole('radio', { name: /\$10 to \$25\s*2/ })).not.toBeChecked();
    expect(within(price).getByRole('radio', { name: 'Any price' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /In stock only\s*4/ })).not.toBeChecked();
    expect(screen.getByText('Showing 1–5 of 5 tools')).toHaveAttribute('role', 'status');
  });

  it('applies a price range at once, puts it in the address and announces the new results', async () => {
    const visited = renderCatalogue();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('radio', { name: /\$10 to \$25/ }));

    expect(await screen.findByText('Showing 1–2 of 2 tools')).toHaveAttribute('role', 'status');
    expect(visited.at(-1)).toContain('price=10-25');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /\$10 to \$25/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/tools');
  });
});
