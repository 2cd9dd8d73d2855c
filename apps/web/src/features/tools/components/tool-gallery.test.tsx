import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToolGallery } from './tool-gallery';

const NAME = 'Digital multimeter';
const PHOTOS = [
  '/images/tools/digital-multimeter.svg',
  '/images/tools/digital-multimeter-leads.svg',
  '/images/tools/digital-multimeter-side.svg',
];

const shownPhoto = () => screen.getByRole('img', { name: new RegExp(`^${NAME}, photo`) });
const thumbnail = (n: number) => screen.getByRole('button', { name: `Show photo ${n} of ${PHOTOS.length}` });
const zoomLink = () => screen.getByRole('link', { name: /^Zoom in/ });

function renderGallery(images = PHOTOS) {
  render(<ToolGallery name={NAME} images={images} />);
  return userEvent.setup();
}

describe('ToolGallery', () => {
  it('shows a single photo alone: no thumbnails, no arrows, a link to the full image', () => {
    renderGallery([PHOTOS[0]!]);

    expect(screen.getByRole('img', { name: NAME })).toHaveAttribute('src', PHOTOS[0]);
    expect(screen.queryByRole('button', { name: /photo/ })).not.toBeInTheDocument();
    expect(zoomLink()).toHaveAttribute('href', PHOTOS[0]);
  });

  it('shows the main photo first, each photo’s thumbnail, and turns to the one clicked', async () => {
    const user = renderGallery();

    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[0]);
    expect(shownPhoto()).toHaveAccessibleName(`${NAME}, photo 1 of 3`);
    expect(thumbnail(1)).toHaveAttribute('aria-current', 'true');

    await user.click(thumbnail(3));

    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[2]);
    expect(thumbnail(3)).toHaveAttribute('aria-current', 'true');
    expect(thumbnail(1)).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Photo 3 of 3')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows the last photo left when the one shown is removed while the page is open', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ToolGallery name={NAME} images={PHOTOS} />);
    await user.click(thumbnail(3));

    rerender(<ToolGallery name={NAME} images={PHOTOS.slice(0, 2)} />);

    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[1]);
    expect(shownPhoto()).toHaveAccessibleName(`${NAME}, photo 2 of 2`);
    expect(screen.getByRole('button', { name: 'Show photo 2 of 2' })).toHaveAttribute('aria-current', 'true');
  });

  it('turns by keyboard: → and ← (round the ends), Home and End, the focus following on the thumbnails', async () => {
    const user = renderGallery();
    thumbnail(1).focus();

    await user.keyboard('{ArrowRight}');
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[1]);
    expect(thumbnail(2)).toHaveFocus();

    await user.keyboard('{End}');
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[2]);
    await user.keyboard('{ArrowRight}');
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[0]);
    await user.keyboard('{ArrowLeft}');
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[2]);
    await user.keyboard('{Home}');
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[0]);
    expect(thumbnail(1)).toHaveFocus();
  });

  it('turns with the previous and next buttons', async () => {
    const user = renderGallery();

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[1]);
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[2]);
  });

  it('turns with a swipe, left for the next and right for the previous, and a swipe opens no zoom', () => {
    renderGallery();
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(zoomLink(), { clientX: from });
      fireEvent.pointerUp(zoomLink(), { clientX: to });
      fireEvent.click(zoomLink());
    };

    swipe(300, 200);
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[1]);
    swipe(100, 220);
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[0]);
    // A short slide is a tap: no turn.
    fireEvent.pointerDown(zoomLink(), { clientX: 100 });
    fireEvent.pointerUp(zoomLink(), { clientX: 120 });
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[0]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the photo zoomed in, turns it there by keyboard, and closes', async () => {
    const user = renderGallery();

    await user.click(zoomLink());

    const zoomed = screen.getByRole('dialog', { name: `${NAME}: photo 1 of 3` });
    expect(within(zoomed).getByRole('img', { name: `${NAME}, photo 1 of 3, zoomed in` })).toHaveAttribute(
      'src',
      PHOTOS[0],
    );
    expect(within(zoomed).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: `${NAME}: photo 2 of 3` })).toBeInTheDocument();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(shownPhoto()).toHaveAttribute('src', PHOTOS[1]);
  });
});
