import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while the server renders the page and while the browser hydrates it, true from then on. A button
 * whose work is done by script stays disabled until that script runs, so a visitor (or a test) who clicks
 * early sees a button that is not ready yet rather than one that silently does nothing.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
