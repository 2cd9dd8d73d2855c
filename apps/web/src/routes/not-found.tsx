import { notFound } from '../lib/storefront';

// Any address no other route matches: the site layout shows the not-found page with HTTP 404.
export function loader(): never {
  throw notFound();
}

export default function NotFound() {
  return null;
}
