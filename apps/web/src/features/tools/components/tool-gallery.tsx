import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { imageSrcSet } from '@toolshop/shared/image-sizes';
import { LineThumbnail } from '../../../components/ui/line-thumbnail';
import { Modal } from '../../../components/ui/modal';

/** How far a finger must travel sideways for a swipe to turn the photo, in CSS pixels. */
const SWIPE_MIN = 40;

const ARROW_BUTTON =
  'btn btn-circle btn-sm absolute top-1/2 -translate-y-1/2 border-base-300 bg-base-100/90 shadow';

interface Turns {
  previous: () => void;
  next: () => void;
}

/** ← and → turn the photo; Home and End go to the first and the last. */
function turnByKey(event: KeyboardEvent, turns: Turns & { first: () => void; last: () => void }) {
  const turn = { ArrowLeft: turns.previous, ArrowRight: turns.next, Home: turns.first, End: turns.last }[
    event.key
  ];
  if (!turn) return false;
  event.preventDefault();
  turn();
  return true;
}

/** The two buttons on a photo that turn it, when there is more than one. */
function TurnButtons({ previous, next }: Turns) {
  return (
    <>
      <button
        type="button"
        className={`${ARROW_BUTTON} left-2`}
        onClick={previous}
        aria-label="Previous photo"
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className={`${ARROW_BUTTON} right-2`} onClick={next} aria-label="Next photo">
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}

/**
 * A product's photos (decision 058): the main one large, the others as thumbnails below. Thumbnails,
 * arrows, ← → Home End and a swipe turn the photo; the photo opens a zoomed view. Before the page's
 * scripts run, the photo is a link to the full image.
 */
export function ToolGallery({ name, images }: { name: string; images: string[] }) {
  const [chosen, setChosen] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const swipeStart = useRef<number | null>(null);
  const swiped = useRef(false);

  const count = images.length;
  const several = count > 1;
  // The page refetches the tool: an admin may have removed photos since this one was chosen.
  const shown = Math.min(chosen, count - 1);
  const photo = images[shown]!;
  const label = (index: number) => `Photo ${index + 1} of ${count}`;
  const srcSet = imageSrcSet(photo);

  /** Shows photo `index` (wrapping round), and keeps the focus on its thumbnail if it was on one. */
  const show = (index: number) => {
    const next = (index + count) % count;
    setChosen(next);
    if (thumbnails.current.includes(document.activeElement as HTMLButtonElement)) {
      thumbnails.current[next]?.focus();
    }
  };
  const turns = {
    previous: () => show(shown - 1),
    next: () => show(shown + 1),
    first: () => show(0),
    last: () => show(count - 1),
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null || !several) return;
    const travelled = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(travelled) < SWIPE_MIN) return;
    swiped.current = true;
    if (travelled < 0) turns.next();
    else turns.previous();
  };

  return (
    <section
      aria-label={`Photos of ${name}`}
      className="flex flex-col gap-3"
      onKeyDown={(event) => several && turnByKey(event, turns)}
    >
      <figure className="relative overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm">
        <a
          href={photo}
          aria-label={`Zoom in: ${several ? label(shown) : 'photo'} of ${name}`}
          onClick={(event) => {
            event.preventDefault();
            // A swipe ends in a click too: it turned the photo, it does not open it.
            if (!swiped.current) setZoomed(true);
            swiped.current = false;
          }}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          // Vertical moves still scroll the page and two fingers still zoom it; sideways ones are the gallery's.
          className="block cursor-zoom-in touch-pan-y touch-pinch-zoom"
          draggable={false}
        >
          <img
            src={photo}
            srcSet={srcSet}
            // Half of a page at most 1152 px wide from 1024 px; the whole width below. Only with a srcset
            // (sizes alone is invalid HTML, and so is the preload React derives from it).
            sizes={srcSet && '(min-width: 1024px) 560px, 100vw'}
            alt={several ? `${name}, ${label(shown).toLowerCase()}` : name}
            width="960"
            height="720"
            fetchPriority="high"
            draggable={false}
            className="aspect-[4/3] size-full object-cover"
          />
        </a>
        {several && <TurnButtons {...turns} />}
      </figure>
      {several && (
        <>
          <ul className="grid grid-cols-4 gap-2 sm:grid-cols-8" aria-label="Choose a photo">
            {images.map((image, index) => (
              <li key={image}>
                <button
                  type="button"
                  ref={(button) => {
                    thumbnails.current[index] = button;
                  }}
                  onClick={() => setChosen(index)}
                  aria-label={`Show ${label(index).toLowerCase()}`}
                  aria-current={index === shown ? 'true' : undefined}
                  className={`block w-full overflow-hidden rounded-lg border-2 ${
                    index === shown ? 'border-primary' : 'border-base-300 hover:border-base-content/40'
                  }`}
                >
                  <LineThumbnail src={image} fetchPriority="low" />
                </button>
              </li>
            ))}
          </ul>
          <p className="sr-only" aria-live="polite">
            {label(shown)}
          </p>
        </>
      )}
      <Modal
        open={zoomed}
        onClose={() => setZoomed(false)}
        title={`${name}: ${label(shown).toLowerCase()}`}
        full
      >
        <div
          className="relative mt-3"
          onKeyDown={(event) => several && turnByKey(event, turns) && event.stopPropagation()}
        >
          <img
            src={photo}
            alt={several ? `${name}, ${label(shown).toLowerCase()}, zoomed in` : `${name}, zoomed in`}
            width="1200"
            height="900"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            className="mx-auto max-h-[75vh] w-auto touch-pan-y touch-pinch-zoom rounded-box bg-base-100 object-contain"
          />
          {several && <TurnButtons {...turns} />}
        </div>
        <div className="modal-action">
          <button type="button" className="btn" onClick={() => setZoomed(false)} autoFocus>
            Close
          </button>
        </div>
      </Modal>
    </section>
  );
}
