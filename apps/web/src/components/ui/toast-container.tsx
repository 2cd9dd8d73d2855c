import { ToastContainer } from 'react-toastify';
import { TOAST_SETTINGS } from '@toolshop/shared/constants';

const BELOW_NAVBAR = 'calc(4rem + 0.75rem)';

/** The library's container with the shop's settings; loaded with the first toast (toasts.tsx). */
export function ShopToastContainer() {
  // The light theme's grey text (#757575) falls under 4.5:1 while a toast fades in: our text colour. Top
  // right as SPEC says, but below the sticky navbar (h-16), whose LOG OUT a toast would otherwise cover.
  return (
    <ToastContainer {...TOAST_SETTINGS} toastClassName="!text-base-content" style={{ top: BELOW_NAVBAR }} />
  );
}
