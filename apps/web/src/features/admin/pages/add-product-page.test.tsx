import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockRoutes, renderWithProviders } from '../../../test/render';
import { makeTool } from '../../../test/fixtures';
import { server } from '../../../test/server';
import { AddProductPage } from './add-product-page';

const UPLOADED_URL = '/api/images/2b1f0c3e-5d7a-4c1e-9f00-0123456789ab.webp';

// jsdom has no object URLs; the image field previews the chosen file with one.
beforeAll(() => {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

/** The upload endpoint storing the image, as the server answers it. */
const UPLOAD_STORED = { 'POST /api/uploads': { status: 201, body: { data: { url: UPLOADED_URL } } } };

afterEach(() => vi.unstubAllGlobals());

const postCalls = (fetchMock: ReturnType<typeof mockRoutes>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  values: { availableQuantity?: string; minimumOrder?: string } = {},
) {
  await user.type(screen.getByLabelText('Name'), 'Magnetic screw mat');
  await user.type(screen.getByLabelText('Price'), '18.99');
  await user.type(screen.getByLabelText('Available quantity'), values.availableQuantity ?? '250');
  await user.type(screen.getByLabelText('Minimum order'), values.minimumOrder ?? '10');
  await user.type(screen.getByLabelText('Description'), 'Keeps every screw where it came from.');
}

const chooseImage = (user: ReturnType<typeof userEvent.setup>) =>
  user.upload(screen.getByLabelText('Image'), new File(['png'], 'mat.png', { type: 'image/png' }));

describe('AddProductPage', () => {
  it('shows every required message of SPEC §5 on an empty submit and sends nothing', async () => {
    const fetchMock = mockRoutes({});
    const user = userEvent.setup();
    renderWithProviders(<AddProductPage />);

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    for (const message of [
      'Name is Required',
      'price is Required',
      'availableQuantity is Required',
      'minimumOrder is Required',
      'description is Required',
      'Image is Required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(postCalls(fetchMock)).toHaveLength(0);
  });

  it('refuses a minimum order above the stock', async () => {
    const fetchMock = mockRoutes({});
    const user = userEvent.setup();
    renderWithProviders(<AddProductPage />);

    await fillForm(user, { availableQuantity: '5', minimumOrder: '10' });
    await chooseImage(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(
      await screen.findByText('The minimum order cannot be above the available quantity'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum order')).toHaveAttribute('aria-invalid', 'true');
    expect(postCalls(fetchMock)).toHaveLength(0);
  });

  it('uploads the image, then adds the product with numbers and the uploaded URL', async () => {
    const fetchMock = mockRoutes({
      ...UPLOAD_STORED,
      'POST /api/tools': (body) => ({ status: 201, body: { ...makeTool(7), ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AddProductPage />);

    await fillForm(user);
    await chooseImage(user);
    expect(screen.queryByText('Image is Required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    const [upload, save] = postCalls(fetchMock) as [string, RequestInit][];
    expect(postCalls(fetchMock).map(([url]) => url)).toEqual(['/api/uploads', '/api/tools']);
    expect(String(upload![1].body)).toContain('name="image"');
    expect(JSON.parse(String(save![1].body))).toEqual({
      name: 'Magnetic screw mat',
      price: 18.99,
      availableQuantity: 250,
      minimumOrder: 10,
      description: 'Keeps every screw where it came from.',
      categoryId: null,
      img: UPLOADED_URL,
    });
    // Ready for the next product.
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Price')).toHaveValue(null);
    expect(screen.getByLabelText('Image')).toHaveValue('');
  });

  it('keeps Add Product busy until the upload is answered', async () => {
    let answerUpload!: () => void;
    const answered = new Promise<void>((resolve) => (answerUpload = resolve));
    let uploadArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (uploadArrived = resolve));
    mockRoutes({
      'POST /api/tools': (body) => ({ status: 201, body: { ...makeTool(7), ...(body as object) } }),
    });
    server.use(
      http.post('/api/uploads', async () => {
        uploadArrived();
        await answered;
        return HttpResponse.json({ data: { url: UPLOADED_URL } }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AddProductPage />);

    await fillForm(user);
    await chooseImage(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await arrived;
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeDisabled();
    answerUpload();
    expect(await screen.findByText('Product added successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).not.toBeInTheDocument();
  });

  it('says the product was not added, with the server’s field message, when the API refuses it', async () => {
    mockRoutes({
      ...UPLOAD_STORED,
      'POST /api/tools': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'Some fields are not valid.',
            fields: { 'body.description': 'Must be 1000 characters or fewer' },
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddProductPage />);

    await fillForm(user);
    await chooseImage(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Failed to add the Product')).toBeInTheDocument();
    expect(screen.getByText('Must be 1000 characters or fewer')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Magnetic screw mat');
  });

  it('says the product was not added when the server fails', async () => {
    mockRoutes({
      ...UPLOAD_STORED,
      'POST /api/tools': {
        status: 500,
        body: { error: { code: 'internal_error', message: 'Something went wrong on our side.' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddProductPage />);

    await fillForm(user);
    await chooseImage(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Failed to add the Product')).toBeInTheDocument();
  });

  it('shows why an image upload was refused', async () => {
    const fetchMock = mockRoutes({
      'POST /api/uploads': {
        status: 415,
        body: {
          error: {
            code: 'unsupported_media_type',
            message: 'Only PNG, JPEG, WebP or GIF images are accepted.',
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AddProductPage />);

    await fillForm(user);
    await chooseImage(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Failed to add the Product')).toBeInTheDocument();
    expect(screen.getByText('Only PNG, JPEG, WebP or GIF images are accepted.')).toBeInTheDocument();
    expect(postCalls(fetchMock).map(([url]) => url)).toEqual(['/api/uploads']);
  });
});
