import type { Role } from '@toolshop/shared/user';

/**
 * Who is asking: the signed-in account a request's session belongs to. Plugins (the access rules), the
 * activity log and the features all speak of it, so it sits below all of them.
 */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: Role;
  image: string | null;
  /** The session's token: what an API client sends as `Authorization: Bearer <token>`. */
  sessionToken: string;
}

/** Who does an admin action and from which address: what a route hands to a service that records it. */
export interface Actor {
  viewer: Viewer;
  /** Fastify's request.ip: a proxy's forwarded address only under TRUST_PROXY. */
  ip: string;
}
