import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TOOL_IMAGES_MAX, type Tool } from '@toolshop/shared/tool';
import { makeTool } from '../../../test/fixtures';
import { findToast, mockRoutes, renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ProductPhotosDialog } from './product-photos-dialog';

const photo = (n: number) => `/api/images/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.webp`;
const withPhotos = (count: number): Tool => {
  const images = Array.from({ length: count }, (_, i) => photo(i + 1));
  return { ...makeTool(1), name: 'Soldering station', img: images[0]!, images };
};

/** Opens the dialog; the PUT answers with the tool as saved unless `reply` says otherwise. */
function openDialog(tool: Tool, reply?: { status: number; body: unknown }) {
  const onClose = vi.fn();
  const fetchMock = mockRoutes({
    [`PUT /api/tools/${tool._id}/images`]: (body) =>
      reply ?? { body: { ...tool, images: (body as { images: string[] }).images } },
  });
  renderWithProviders(<ProductPhotosDialog tool={tool} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: `Photos of ${tool.name}` });
  const shown = () =>
    within(within(dialog).getByRole('list', { name: `Photos of ${tool.name}` }))
      .getAllByRole('img')
      .map((image) => image.getAttribute('src'));
  const saved = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init.method === 'PUT')
      .map(([, init]) => (JSON.parse(String(init.body)) as { images: string[] }).images);
  return { dialog, onClose, shown, saved, user: userEvent.setup() };
}

/** The upload endpoint storing each file under the next photo number, from `first` (after mockRoutes). */
function uploadsFrom(first: number) {
  let next = first;
  const received: number[] = [];
  server.use(
    http.post('/api/uploads', () => {
      received.push(next);
      return HttpResponse.json({ data: { url: photo(next++) } }, { status: 201 });
    }),
  );
  return received;
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('ProductPhotosDialog', () => {
  it('lists the photos in order, the first marked main, and saves a new main photo first', async () => {
    const { dialog, shown, saved, onClose, user } = openDialog(withPhotos(3));

    expect(shown()).toEqual([photo(1), photo(2), photo(3)]);
    expect(within(within(dialog).getAllByRole('listitem')[0]!).getByText('Main')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Make main: photo 3' }));
    expect(shown()).toEqual([photo(3), photo(1), photo(2)]);
    expect(within(dialog).getByText('Photo 3 is now the main photo.')).toHaveAttribute('aria-live', 'polite');

    await user.click(within(dialog).getByRole('button', { name: 'Save photos' }));

    await findToast('Photos saved');
    expect(saved()).toEqual([[photo(3), photo(1), photo(2)]]);
    expect(onClose).toHaveBeenCalled();
  });

  it('moves a photo up and down, removes one, and keeps the last one', async () => {
    const { dialog, shown, user } = openDialog(withPhotos(3));

    await user.click(within(dialog).getByRole('button', { name: 'Move photo 1 down' }));
    expect(shown()).toEqual([photo(2), photo(1), photo(3)]);
    await user.click(within(dialog).getByRole('button', { name: 'Move photo 3 up' }));
    expect(shown()).toEqual([photo(2), photo(3), photo(1)]);
    expect(within(dialog).getByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
    expect(shown()).toEqual([photo(2)]);
    expect(within(dialog).getByRole('button', { name: 'Remove photo 1' })).toBeDisabled();
  });

  it('reorders by dragging a photo onto another’s place', () => {
    const { dialog, shown } = openDialog(withPhotos(3));
    const items = within(dialog).getAllByRole('listitem');

    fireEvent.dragStart(items[2]!);
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);

    expect(shown()).toEqual([photo(3), photo(1), photo(2)]);
  });

  it('uploads several files one after another and adds them at the end', async () => {
    const { dialog, shown, saved, user } = openDialog(withPhotos(2));
    const received = uploadsFrom(10);

    await user.upload(within(dialog).getByLabelText('Add photos'), [png('a.png'), png('b.png')]);

    expect(await within(dialog).findByText('2 photos added.')).toBeInTheDocument();
    expect(received).toEqual([10, 11]);
    expect(shown()).toEqual([photo(1), photo(2), photo(10), photo(11)]);
    await user.click(within(dialog).getByRole('button', { name: 'Save photos' }));
    await findToast('Photos saved');
    expect(saved()).toEqual([[photo(1), photo(2), photo(10), photo(11)]]);
  });

  it(`adds no more than ${TOOL_IMAGES_MAX} photos, and says so`, async () => {
    const { dialog, shown, user } = openDialog(withPhotos(TOOL_IMAGES_MAX - 1));
    const received = uploadsFrom(20);

    await user.upload(within(dialog).getByLabelText('Add photos'), [png('a.png'), png('b.png')]);

    expect(await within(dialog).findByText('1 photo added.')).toBeInTheDocument();
    expect(received).toEqual([20]);
    expect(shown()).toHaveLength(TOOL_IMAGES_MAX);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `A product has at most ${TOOL_IMAGES_MAX} photos.`,
    );
    expect(within(dialog).getByLabelText('Add photos')).toBeDisabled();
  });

  it('shows the server’s refusal and stays open', async () => {
    const { dialog, onClose, user } = openDialog(withPhotos(2), {
      status: 400,
      body: { error: { code: 'invalid_input', message: 'Some fields are not valid.' } },
    });

    await user.click(within(dialog).getByRole('button', { name: 'Save photos' }));

    await findToast('Some fields are not valid.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
