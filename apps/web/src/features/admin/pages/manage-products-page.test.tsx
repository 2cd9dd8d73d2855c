import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { findToast, mockRoutes, renderWithProviders } from '../../../test/render';
import { makeTool, pageOf } from '../../../test/fixtures';
import { ManageProductsPage } from './manage-products-page';

const CURRENT_IMG = '/api/images/11111111-2222-4333-8444-555555555555.webp';
const NEW_IMG = '/api/images/99999999-2222-4333-8444-555555555555.webp';

afterEach(() => vi.unstubAllGlobals());

const screwdrivers: Tool = {
  ...makeTool(1),
  name: 'Precision screwdriver set',
  price: 18.99,
  availableQuantity: 1150,
  onHand: 1200,
  reserved: 50,
  minimumOrder: 10,
  img: CURRENT_IMG,
};
const multimeter: Tool = { ...makeTool(2), name: 'Digital multimeter', price: 1249.5, img: CURRENT_IMG };

const callsWith = (fetchMock: ReturnType<typeof mockRoutes>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method);

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('ManageProductsPage', () => {
  it('lists every product with its image, name, price and quantities', async () => {
    mockRoutes({ 'GET /api/tools': { body: pageOf([screwdrivers, multimeter]) } });
    renderWithProviders(<ManageProductsPage />);

    expect(await screen.findByText('Products (2)')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Image',
      'Name',
      'Price',
      'Available quantity',
      'Minimum order',
      'Actions',
    ]);
    const row = rowOf('Precision screwdriver set');
    expect(within(row).getByRole('img', { name: 'Precision screwdriver set' })).toHaveAttribute(
      'src',
      CURRENT_IMG,
    );
    expect(row).toHaveTextContent('Precision screwdriver set$18.991,15010');
    expect(rowOf('Digital multimeter')).toHaveTextContent('$1,249.50');
    expect(within(row).getByRole('button', { name: /^Edit / })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Delete / })).toBeInTheDocument();
  });

  it('asks before deleting; Cancel closes the dialog and sends nothing', async () => {
    const fetchMock = mockRoutes({ 'GET /api/tools': { body: pageOf([screwdrivers, multimeter]) } });
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsPage />);

    await screen.findByText('Products (2)');
    await user.click(
      within(rowOf('Digital multimeter')).getByRole('button', { name: 'Delete Digital multimeter' }),
    );

    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to delete Digital multimeter!',
    });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(dialog).not.toHaveAttribute('open');
    expect(screen.queryByText('Are you sure you want to delete Digital multimeter!')).not.toBeInTheDocument();
    expect(callsWith(fetchMock, 'DELETE')).toHaveLength(0);
    expect(rowOf('Digital multimeter')).toBeInTheDocument();
  });

  it('deletes the product after Delete: a toast, and the row goes', async () => {
    let tools = [screwdrivers, multimeter];
    const fetchMock = mockRoutes({
      'GET /api/tools': () => ({ body: pageOf(tools) }),
      [`DELETE /api/tools/${multimeter._id}`]: () => {
        tools = [screwdrivers];
        return { body: { deletedCount: 1 } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsPage />);

    await screen.findByText('Products (2)');
    await user.click(
      within(rowOf('Digital multimeter')).getByRole('button', { name: 'Delete Digital multimeter' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Digital multimeter deleted.')).toBeInTheDocument();
    expect(callsWith(fetchMock, 'DELETE').map(([url]) => String(url))).toEqual([
      `/api/tools/${multimeter._id}`,
    ]);
    await waitFor(() => expect(screen.getByText('Products (1)')).toBeInTheDocument());
    expect(screen.queryByRole('row', { name: /Digital multimeter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits a product: the PUT carries the new price and the current image, and the table updates', async () => {
    let tools = [screwdrivers, multimeter];
    const fetchMock = mockRoutes({
      'GET /api/tools': () => ({ body: pageOf(tools) }),
      [`PUT /api/tools/${screwdrivers._id}`]: (body) => {
        const updated = { ...screwdrivers, ...(body as object) };
        tools = [updated, multimeter];
        return { body: updated };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsPage />);

    await screen.findByText('Products (2)');
    await user.click(
      within(rowOf('Precision screwdriver set')).getByRole('button', {
        name: 'Edit Precision screwdriver set',
      }),
    );

    const dialog = screen.getByRole('dialog', { name: 'Edit Precision screwdriver set' });
    expect(within(dialog).getByLabelText('Price')).toHaveValue(18.99);
    expect(within(dialog).getByLabelText(/^On hand/)).toHaveValue(1200);
    expect(within(dialog).getByLabelText('Minimum order')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Description')).toHaveValue(screwdrivers.description);

    await user.clear(within(dialog).getByLabelText('Price'));
    await user.type(within(dialog).getByLabelText('Price'), '21.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    const [[, init]] = callsWith(fetchMock, 'PUT') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Precision screwdriver set',
      price: 21.5,
      availableQuantity: 1200,
      minimumOrder: 10,
      description: screwdrivers.description,
      lowStockThreshold: null,
      categoryId: null,
      img: CURRENT_IMG,
    });
    expect(callsWith(fetchMock, 'POST')).toHaveLength(0);
    expect(rowOf('Precision screwdriver set')).toHaveTextContent('$21.50');
    expect(dialog).not.toHaveAttribute('open');
  });

  it('uploads a newly chosen image and saves it with the other changes', async () => {
    const fetchMock = mockRoutes({
      'GET /api/tools': { body: pageOf([screwdrivers]) },
      'POST /api/uploads': { status: 201, body: { data: { url: NEW_IMG } } },
      [`PUT /api/tools/${screwdrivers._id}`]: (body) => ({ body: { ...screwdrivers, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsPage />);

    await user.click(await screen.findByRole('button', { name: /^Edit / }));
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Minimum order'));
    await user.type(within(dialog).getByLabelText('Minimum order'), '20');
    await user.upload(
      within(dialog).getByLabelText('New image (optional)'),
      new File(['png'], 'new.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    const [[, init]] = callsWith(fetchMock, 'PUT') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({ minimumOrder: 20, img: NEW_IMG });
    expect(callsWith(fetchMock, 'POST').map(([url]) => url)).toEqual(['/api/uploads']);
  });

  it('keeps a demo product’s shipped image when an edit chooses no new one', async () => {
    const seeded = { ...screwdrivers, img: '/images/tools/precision-screwdriver-set.svg' };
    const fetchMock = mockRoutes({
      'GET /api/tools': { body: pageOf([seeded]) },
      [`PUT /api/tools/${seeded._id}`]: (body) => ({ body: { ...seeded, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsPage />);

    await user.click(await screen.findByRole('button', { name: /^Edit / }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    const [[, init]] = callsWith(fetchMock, 'PUT') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body)).img).toBe('/images/tools/precision-screwdriver-set.svg');
  });

  it('shows the server’s message when an edit is refused', async () => {
    mockRoutes({
      'GET /api/tools': { body: pageOf([screwdrivers]) },
      [`PUT /api/tools/${screwdrivers._id}`]: {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'Some fields are not valid.',
            fields: { 'body.price': 'The price must be at most $100,000' },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ManageProductsPage />);

    await user.click(await screen.findByRole('button', { name: /^Edit / }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Some fields are not valid.')).toBeInTheDocument();
    expect(within(dialog).getByText('The price must be at most $100,000')).toBeInTheDocument();
    expect(dialog).toHaveAttribute('open');
  });
});
