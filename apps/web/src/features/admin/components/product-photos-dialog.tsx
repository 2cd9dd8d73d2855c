import { useId, useState, type DragEvent } from 'react';
import { TOOL_IMAGES_MAX, type Tool } from '@toolshop/shared/tool';
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES } from '@toolshop/shared/upload';
import { SubmitButton } from '../../../components/form/submit-button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toasts';
import { ApiError } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import { useSetToolImages } from '../../tools/api';

const PHOTOS_SAVED = 'Photos saved';
const PHOTOS_SAVE_FAILED = 'We could not save the photos.';

/** `photos` with the one at `from` moved to `to`. */
function movePhoto(photos: readonly string[], from: number, to: number): string[] {
  const moved = [...photos];
  const [photo] = moved.splice(from, 1);
  moved.splice(to, 0, photo!);
  return moved;
}

function PhotosForm({ tool, onDone }: { tool: Tool; onDone: () => void }) {
  const setImages = useSetToolImages();
  const inputId = useId();
  const [photos, setPhotos] = useState<string[]>(tool.images);
  const [uploading, setUploading] = useState<{ done: number; of: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Said to screen readers after each move, since the list reorders under the focus.
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);

  const room = TOOL_IMAGES_MAX - photos.length;
  const position = (index: number) => `Photo ${index + 1}`;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    setPhotos(movePhoto(photos, from, to));
    setAnnouncement(
      to === 0
        ? `${position(from)} is now the main photo.`
        : `${position(from)} moved to position ${to + 1}.`,
    );
  };

  const remove = (index: number) => {
    setPhotos(photos.filter((_, i) => i !== index));
    setAnnouncement(`${position(index)} removed.`);
  };

  // Uploaded one after another: the shop runs one upload per account at a time.
  async function add(files: File[]) {
    setError(null);
    const chosen = files.slice(0, room);
    if (files.length > room) setError(`A product has at most ${TOOL_IMAGES_MAX} photos.`);
    const tooLarge = chosen.find((file) => file.size > UPLOAD_MAX_BYTES);
    if (tooLarge) {
      setError(`${tooLarge.name}: images may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
      return;
    }
    const added: string[] = [];
    try {
      for (const [index, file] of chosen.entries()) {
        setUploading({ done: index, of: chosen.length });
        added.push(await uploadImage(file, () => undefined));
      }
    } catch (refused) {
      setError((refused as Error).message);
    } finally {
      setUploading(null);
      setPhotos((current) => [...current, ...added]);
      if (added.length > 0) {
        setAnnouncement(`${added.length} photo${added.length === 1 ? '' : 's'} added.`);
      }
    }
  }

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  const save = async () => {
    try {
      await setImages.mutateAsync({ id: tool._id, input: { images: photos } });
      toast.success(PHOTOS_SAVED);
      onDone();
    } catch (refused) {
      toast.error(refused instanceof ApiError ? refused.message : PHOTOS_SAVE_FAILED);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      className="grid gap-4"
    >
      <p className="text-sm text-base-content/70">
        Up to {TOOL_IMAGES_MAX} photos. The first is the main one: cards, carts and orders show it. Drag a
        photo, or use its buttons, to change the order.
      </p>
      <ol aria-label={`Photos of ${tool.name}`} className="grid gap-2">
        {photos.map((photo, index) => (
          <li
            key={photo}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
            className={`flex flex-wrap items-center gap-3 rounded-box border p-2 ${
              dragged === index ? 'border-primary bg-primary/5' : 'border-base-300'
            }`}
          >
            <img
              src={photo}
              alt={`${position(index)} of ${tool.name}`}
              width="96"
              height="72"
              className="aspect-[4/3] w-24 cursor-grab rounded-lg bg-base-200 object-cover"
            />
            <span className="min-w-24 text-sm font-medium">
              {position(index)}
              {index === 0 && <span className="badge badge-primary badge-sm ml-2">Main</span>}
            </span>
            <div className="ml-auto flex flex-wrap gap-1">
              {index > 0 && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => move(index, 0)}
                  aria-label={`Make main: ${position(index).toLowerCase()}`}
                >
                  Make main
                </button>
              )}
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => move(index, index - 1)}
                disabled={index === 0}
                aria-label={`Move ${position(index).toLowerCase()} up`}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => move(index, index + 1)}
                disabled={index === photos.length - 1}
                aria-label={`Move ${position(index).toLowerCase()} down`}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-error btn-outline btn-xs"
                onClick={() => remove(index)}
                disabled={photos.length === 1}
                aria-label={`Remove ${position(index).toLowerCase()}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="fieldset py-0">
        <label htmlFor={inputId} className="fieldset-legend pb-1 pt-0 text-sm">
          Add photos
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          disabled={room === 0 || uploading !== null}
          className={`file-input w-full ${error ? 'file-input-error' : ''}`}
          aria-describedby={`${inputId}-help`}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void add(files);
          }}
        />
        <p id={`${inputId}-help`} className="label text-xs">
          {room === 0
            ? `This product has its ${TOOL_IMAGES_MAX} photos: remove one to add another.`
            : `${room} more at most. PNG, JPEG, WebP or GIF, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB each.`}
        </p>
        {uploading && (
          <p className="text-sm" role="status">
            <span className="loading loading-spinner loading-xs mr-2" aria-hidden="true" />
            Uploading photo {uploading.done + 1} of {uploading.of}…
          </p>
        )}
        {error && (
          <p className="text-sm text-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton busy={setImages.isPending} className="" disabled={uploading !== null}>
          Save photos
        </SubmitButton>
      </div>
    </form>
  );
}

/** Manage All Products' photos of one product: add several, reorder, pick the main one, remove (decision 058). */
export function ProductPhotosDialog({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  return (
    <Modal open={tool !== null} onClose={onClose} title={tool ? `Photos of ${tool.name}` : ''} wide>
      {/* Keyed by tool so each opening starts from that tool's saved photos. */}
      {tool && <PhotosForm key={tool._id} tool={tool} onDone={onClose} />}
    </Modal>
  );
}
