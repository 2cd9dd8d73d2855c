import { ToastContainer } from 'react-toastify';
import { TOAST_SETTINGS } from '@toolshop/shared/constants';

/** The library's container with the shop's settings; loaded with the first toast (toasts.tsx). */
export function ShopToastContainer() {
  // The light theme's grey text (#757575) falls under 4.5:1 while a toast fades in: our text colour.
  return <ToastContainer {...TOAST_SETTINGS} toastClassName="!text-base-content" />;
}
