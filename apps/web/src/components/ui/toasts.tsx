import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * Toasts, with react-toastify fetched when the first one is shown (decision 031). A storefront visit
 * rarely raises a toast, and the library (its stylesheet travels in its script) was a fifteenth of the
 * JavaScript every page loaded. react-toastify keeps what is raised before a container mounts and shows
 * it once one does, so nothing is lost while the chunk arrives.
 */
const ToastContainer = lazy(async () => ({
  default: (await import('./toast-container')).ShopToastContainer,
}));

type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('react-toastify').then(({ toast: library }) => library[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear: nothing until the first one is raised. */
export function Toasts() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
