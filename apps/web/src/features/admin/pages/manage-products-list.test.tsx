import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { makeTool, pageOf } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ManageProductsPage } from './manage-products-page';

// Manage All Products' list (decision 021): search by name, sort and pages of 25, all in the URL. The API is a
// small fake of GET /api/tools?q=&sort=&page=&limit= over 30 tools, newest (highest number) first.
const catalogue: Tool[] = Array.from({ length: 30 }, (_, index) => makeTool(30 - index));
catalogue[4] = { ...catalogue[4]!, name: 'Digital multimeter', price: 1249.5 };
catalogue[20] = { ...catalogue[20]!, name: 'Multimeter probes', price: 19.99 };

let requests: string[];

beforeEach(() => {
  requests = [];
  server.use(
    http.get('/api/tools', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url.search);
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const sort = url.searchParams.get('sort');
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const matches = catalogue.filter((tool) => tool.name.toLowerCase().includes(q));
      if (sort === 'price-desc') matches.sort((a, b) => b.price - a.price);
      return HttpResponse.json(
        pageOf(matches.slice((page - 1) * limit, page * limit), { total: matches.length, page, limit }),
      );
    }),
  );
});

/** Where the app is: the page's own state lives in the address bar. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <ManageProductsPage />
      <Address />
    </>,
    { route },
  );

const productRows = () => screen.getAllByRole('row').slice(1);
const address = () => screen.getByRole('status', { name: 'Address' });
const lastRequest = () => requests.at(-1);

describe('Manage All Products: search, sort and pages in the URL', () => {
  it('shows 25 products a page, with the total, and pages through them with Next and Previous', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/manageProduct');

    expect(await screen.findByText('Products (30)')).toBeInTheDocument();
    // No sort asked: the API's default, newest first, or by relevance for a search (decision 056).
    expect(lastRequest()).toBe('?page=1&limit=25');
    expect(productRows()).toHaveLength(25);
    expect(productRows()[0]).toHaveTextContent('Tool number 30');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(productRows()).toHaveLength(5));
    expect(address()).toHaveTextContent('/dashboard/manageProduct?page=2');
    expect(lastRequest()).toBe('?page=2&limit=25');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(productRows()).toHaveLength(25));
    expect(address()).toHaveTextContent(/^\/dashboard\/manageProduct$/);
  });

  it('searches by name; a new search starts from the first page and an empty one shows everything', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/manageProduct?page=2');
    await screen.findByText('Page 2 of 2');

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), '  multimeter ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Products (2)')).toBeInTheDocument();
    expect(address()).toHaveTextContent('/dashboard/manageProduct?q=multimeter');
    expect(lastRequest()).toBe('?q=multimeter&page=1&limit=25');
    expect(productRows().map((row) => within(row).getByRole('img').getAttribute('alt'))).toEqual([
      'Digital multimeter',
      'Multimeter probes',
    ]);
    expect(screen.getByText('Names holding “multimeter”')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search by name' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Products (30)')).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/dashboard\/manageProduct$/);
  });

  it('opens on the search, sort and page of its URL', async () => {
    renderAt('/dashboard/manageProduct?q=tool&sort=price-desc&page=2');

    expect(await screen.findByText('Products (28)')).toBeInTheDocument();
    expect(lastRequest()).toBe('?q=tool&sort=price-desc&page=2&limit=25');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('tool');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price, high to low');
    expect(screen.getByText('Names holding “tool” · Page 2 of 2')).toBeInTheDocument();
    expect(productRows()).toHaveLength(3);
  });

  it('sorts through the URL, back to the first page, and offers every sort of the API', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/manageProduct?page=2');
    await screen.findByText('Page 2 of 2');
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Best match to the search',
      'Date added, newest first',
      'Date added, oldest first',
      'Name, A to Z',
      'Name, Z to A',
      'Price, low to high',
      'Price, high to low',
      'Available quantity, low to high',
      'Available quantity, high to low',
      'Rating, best first',
    ]);

    await user.selectOptions(sortBy, 'Price, high to low');

    await waitFor(() => expect(productRows()[0]).toHaveTextContent('Digital multimeter'));
    expect(address()).toHaveTextContent('/dashboard/manageProduct?sort=price-desc');
    expect(lastRequest()).toBe('?sort=price-desc&page=1&limit=25');

    await user.selectOptions(sortBy, 'Date added, newest first');
    await waitFor(() => expect(productRows()[0]).toHaveTextContent('Tool number 30'));
    // Chosen, the sort stays in the address: which sort is the default depends on a search (decision 056).
    expect(address()).toHaveTextContent(/^\/dashboard\/manageProduct\?sort=date-desc$/);
  });

  it('reads a hand-edited, meaningless parameter as its default', async () => {
    renderAt('/dashboard/manageProduct?page=abc&sort=cheapest');

    expect(await screen.findByText('Products (30)')).toBeInTheDocument();
    expect(lastRequest()).toBe('?page=1&limit=25');
  });

  it('says when no product’s name holds the search', async () => {
    renderAt('/dashboard/manageProduct?q=soldering');

    expect(await screen.findByText('No product’s name holds “soldering”.')).toBeInTheDocument();
    expect(screen.getByText('Products (0)')).toBeInTheDocument();
  });
});
