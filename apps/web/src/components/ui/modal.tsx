import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { Form } from 'react-router';
import { messages } from '@toolshop/shared/messages';
import { useHydrated } from '../../lib/use-hydrated';

interface ModalProps {
  open: boolean;
  /** Called when the dialog closes by itself (Escape); the parent then sets `open` to false. Buttons
   * inside close the dialog the same way: by making the parent set `open` to false. */
  onClose: () => void;
  title: string;
  wide?: boolean;
  /** Nearly the whole screen: a zoomed photo. */
  full?: boolean;
  children: ReactNode;
}

/**
 * A native <dialog> opened as a real modal while `open` holds: focus stays inside, Escape closes it. One
 * drawn open on the server (a page whose address asks for it) is open before the scripts run, as a plain
 * dialog; once they run it becomes the modal.
 */
export function Modal({ open, onClose, title, wide = false, full = false, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, hydrated]);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      open={(open && !hydrated) || undefined}
      // Its title exists only while it is open (a closed dialog may be drawn on the server, too).
      aria-labelledby={open ? titleId : undefined}
      onClose={onClose}
    >
      {open && (
        <div className={`modal-box ${wide ? 'sm:max-w-2xl' : ''} ${full ? 'sm:max-w-5xl' : ''}`}>
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

interface ConfirmDeleteDialogProps {
  /** What is about to be deleted; the dialog is open while there is one. */
  name: string | null;
  onClose: () => void;
  detail: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  /**
   * The same choice as plain HTML forms, before the scripts run: Delete posts `fields` to the page's
   * route action, Cancel goes to `cancelTo`. Once they run, both buttons act as without it.
   */
  form?: { fields: Record<string, string>; cancelTo: string };
}

/** What a click does once the scripts run, instead of submitting its plain form. */
export const instead = (act: () => void) => (event: MouseEvent) => {
  event.preventDefault();
  act();
};

/** Delete or Cancel; Cancel has the focus, so Enter never deletes by accident. */
export function ConfirmDeleteDialog({
  name,
  onClose,
  detail,
  busy,
  onConfirm,
  form,
}: ConfirmDeleteDialogProps) {
  const kind = form ? 'submit' : 'button';
  const cancelButton = (
    <button type={kind} className="btn" onClick={instead(onClose)} autoFocus>
      Cancel
    </button>
  );
  const deleteButton = (
    <button type={kind} className="btn btn-error" onClick={instead(onConfirm)} disabled={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Delete
    </button>
  );
  return (
    <Modal open={name !== null} onClose={onClose} title={name === null ? '' : messages.confirmDelete(name)}>
      <p className="py-3 text-sm text-base-content/70">{detail}</p>
      <div className="modal-action">
        {form ? (
          <>
            <Form method="get" action={form.cancelTo} replace>
              {cancelButton}
            </Form>
            <Form method="post" replace>
              {Object.entries(form.fields).map(([field, value]) => (
                <input key={field} type="hidden" name={field} value={value} />
              ))}
              {deleteButton}
            </Form>
          </>
        ) : (
          <>
            {cancelButton}
            {deleteButton}
          </>
        )}
      </div>
    </Modal>
  );
}
