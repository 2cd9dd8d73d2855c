import { useEffect, useId, useRef, type ReactNode } from 'react';
import { messages } from '@toolshop/shared/messages';

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

/** A native <dialog> opened as a real modal while `open` holds: focus stays inside, Escape closes it. */
export function Modal({ open, onClose, title, wide = false, full = false, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
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
}

/** Delete or Cancel; Cancel has the focus, so Enter never deletes by accident. */
export function ConfirmDeleteDialog({ name, onClose, detail, busy, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Modal open={name !== null} onClose={onClose} title={name === null ? '' : messages.confirmDelete(name)}>
      <p className="py-3 text-sm text-base-content/70">{detail}</p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Delete
        </button>
      </div>
    </Modal>
  );
}
