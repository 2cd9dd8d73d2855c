import type { App } from '../app';
import { ORIGIN } from './accounts';

export interface PageFormSender {
  /** The Cookie header the visitor's browser sends; none for a first visit. */
  cookie?: string;
  /** The page the form was sent from: another site's origin shows a forged form. */
  origin?: string;
  /** The visitor's address, for the limits counted per address. */
  remoteAddress?: string;
}

/**
 * A page's form as a browser sends it before the page's scripts have run: a urlencoded POST of the page
 * itself, from the shop's own origin unless told, answered by the page's route action.
 */
export function postPageForm(
  app: App,
  url: string,
  fields: Record<string, string> | [string, string][],
  { cookie, origin = ORIGIN, remoteAddress }: PageFormSender = {},
) {
  return app.inject({
    method: 'POST',
    url,
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      // React Router, like the API, refuses an action from another origin than the page's host.
      host: new URL(ORIGIN).host,
      origin,
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
