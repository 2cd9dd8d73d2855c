import type { GenericEndpointContext } from 'better-auth';
import { eq } from 'drizzle-orm';
import { recordActivity } from '../activity-log/record-activity';
import type { Database } from '../db/client';
import { session, user } from '../db/schema';

interface CreatedSession {
  id: string;
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

const SIGN_IN_PATH = '/sign-in/';

/**
 * How a new session was signed in to, or null when it is no sign-in: Better Auth also creates sessions
 * for an account already signed in, e.g. to replace the others when a password changes.
 */
function signInMethod(context: GenericEndpointContext | null): string | null {
  const path = context?.path ?? '';
  if (path === '/sign-in/email') return 'e-mail and password';
  if (path.startsWith(SIGN_IN_PATH)) return path.slice(SIGN_IN_PATH.length);
  // OAuth providers (Google) come back through /callback/:id.
  if (path.startsWith('/callback/')) return context?.params?.id ?? 'a provider';
  return null;
}

/**
 * Logs a sign-in of an admin (activity kind 'admin.signed-in'), from Better Auth's session.create.after
 * hook. Better Auth writes the session outside any transaction of ours, so the entry follows it at once;
 * a sign-in whose entry cannot be written fails and its session is deleted before any cookie names it.
 */
export async function recordAdminSignIn(
  db: Database,
  created: CreatedSession,
  context: GenericEndpointContext | null,
): Promise<void> {
  const method = signInMethod(context);
  if (method === null) return;
  try {
    const [account] = await db.select().from(user).where(eq(user.id, created.userId));
    if (account?.role !== 'admin') return;
    await recordActivity(db, {
      actor: { id: account.id, email: account.email, name: account.name },
      kind: 'admin.signed-in',
      subject: { type: 'session', id: created.id, label: method },
      details: created.userAgent ? { userAgent: created.userAgent } : {},
      // Better Auth read it from CLIENT_IP_HEADER, which our adapter sets to Fastify's request.ip.
      ip: created.ipAddress || null,
    });
  } catch (error) {
    await db.delete(session).where(eq(session.id, created.id));
    throw error;
  }
}
