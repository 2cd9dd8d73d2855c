import type { ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What saying yes does, in a sentence or two. */
  children: ReactNode;
  /** The safe answer ("Keep order"): it has the focus, so Enter never confirms by accident. */
  keepLabel: string;
  confirmLabel: string;
  /** 'error' for what takes something away, 'primary' for what grants it. */
  tone?: 'error' | 'primary';
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** A yes-or-no question before a change a click should not make alone (cancel, remove, grant rights). */
export function ConfirmDialog({
  open,
  title,
  children,
  keepLabel,
  confirmLabel,
  tone = 'error',
  busy,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <p className="py-3 text-sm break-words text-base-content/70">{children}</p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} autoFocus>
          {keepLabel}
        </button>
        <button
          type="button"
          className={`btn ${tone === 'primary' ? 'btn-primary' : 'btn-error'}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
