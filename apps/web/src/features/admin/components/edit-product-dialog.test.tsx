import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '@toolshop/shared/tool';
import { makeTool } from '../../../test/fixtures';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { EditProductDialog } from './edit-product-dialog';

const IMG = '/api/images/11111111-2222-4333-8444-555555555555.webp';

const screwdrivers: Tool = {
  ...makeTool(1),
  name: 'Precision screwdriver set',
  price: 18.99,
  availableQuantity: 1150,
  onHand: 1200,
  reserved: 50,
  minimumOrder: 10,
  img: IMG,
  lowStockThreshold: null,
};

/** Opens the dialog on `tool`; the PUT answers with the tool as sent unless `reply` says otherwise. */
function openDialog(tool: Tool, reply?: { status: number; body: unknown }) {
  const onClose = vi.fn();
  const fetchMock = mockRoutes({
    [`PUT /api/tools/${tool._id}`]: (body) => reply ?? { body: { ...tool, ...(body as object) } },
  });
  renderWithProviders(<EditProductDialog tool={tool} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: `Edit ${tool.name}` });
  return {
    dialog,
    onClose,
    fetchMock,
    field: (label: string | RegExp) => within(dialog).getByLabelText(label),
  };
}

const putBodies = (fetchMock: ReturnType<typeof mockRoutes>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

describe('EditProductDialog', () => {
  it('prefills the name, the figures and the low-stock threshold (empty while it is the default)', () => {
    const { field } = openDialog(screwdrivers);

    expect(field('Name')).toHaveValue('Precision screwdriver set');
    expect(field('Price')).toHaveValue(18.99);
    expect(field(/^On hand/)).toHaveValue(1200);
    expect(field('Minimum order')).toHaveValue(10);
    expect(field('Description')).toHaveValue(screwdrivers.description);
    expect(field('Low-stock threshold')).toHaveValue(null);
    expect(field('Low-stock threshold')).toHaveAttribute('placeholder', 'Empty: twice the minimum order');
  });

  it('prefills a threshold the product has', () => {
    const { field } = openDialog({ ...screwdrivers, lowStockThreshold: 25 });

    expect(field('Low-stock threshold')).toHaveValue(25);
  });

  it('renames the product and sets its threshold: both posted with the other fields, then closes', async () => {
    const user = userEvent.setup();
    const { field, fetchMock, onClose } = openDialog(screwdrivers);

    await user.clear(field('Name'));
    await user.type(field('Name'), '  Precision screwdriver set, 64 bits ');
    await user.type(field('Low-stock threshold'), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toEqual([
      {
        name: 'Precision screwdriver set, 64 bits',
        price: 18.99,
        availableQuantity: 1200,
        minimumOrder: 10,
        description: screwdrivers.description,
        lowStockThreshold: 30,
        // In no category, and left there: the menu says "No category" (decision 055).
        categoryId: null,
        img: IMG,
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('posts null when the threshold is emptied: back to the default', async () => {
    const user = userEvent.setup();
    const { field, fetchMock } = openDialog({ ...screwdrivers, lowStockThreshold: 25 });

    await user.clear(field('Low-stock threshold'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toMatchObject([{ name: screwdrivers.name, lowStockThreshold: null }]);
  });

  it.each([
    ['a blank name', 'Name', '   ', 'Name is Required'],
    ['a negative threshold', 'Low-stock threshold', '-1', 'Must be 0 or more'],
    ['a fractional threshold', 'Low-stock threshold', '2.5', 'Must be a whole number'],
  ])('refuses %s beside its field, sending nothing', async (_label, label, typed, message) => {
    const user = userEvent.setup();
    const { field, fetchMock, onClose } = openDialog(screwdrivers);

    await user.clear(field(label));
    await user.type(field(label), typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAccessibleDescription(message);
    expect(putBodies(fetchMock)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the name or threshold beside that field and stays open', async () => {
    const user = userEvent.setup();
    const { dialog, field, onClose } = openDialog(screwdrivers, {
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'Some fields are not valid.',
          fields: {
            'body.name': 'Must be 120 characters or fewer',
            'body.lowStockThreshold': 'Must be at most 1,000,000',
          },
        },
      },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Some fields are not valid.')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Must be 120 characters or fewer');
    expect(field('Low-stock threshold')).toHaveAccessibleDescription('Must be at most 1,000,000');
    expect(onClose).not.toHaveBeenCalled();
  });
});
