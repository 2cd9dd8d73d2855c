import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const SCREEN_HEADING = 'data-screen-heading';

/** Spread on the heading a screen wants focused on arrival, when that is not the page's `h1`. */
export const screenHeading = { [SCREEN_HEADING]: true } as const;

/**
 * After a client-side route change, moves focus to the new screen's own heading (`screenHeading`), else to
 * the page's main heading, else to `main`, so keyboard and screen-reader users start at the new content
 * instead of on the link they left. The first page load keeps the browser's own focus. Scrolling stays with
 * ScrollRestoration, except to reveal a screen's own heading.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);

  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    const main = document.querySelector('main');
    const screenTarget = main?.querySelector<HTMLElement>(`[${SCREEN_HEADING}]`);
    const target = screenTarget ?? main?.querySelector('h1') ?? main;
    if (!target) return;
    // A heading is not focusable by itself; -1 lets script focus it without adding a Tab stop.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // A screen's own heading may sit below the fold on a phone: it is scrolled into view with the focus.
    target.focus({ preventScroll: !screenTarget });
  }, [pathname]);
}
