/**
 * Test-side access to the fake services (e2e/support/fake-services.ts): read the mails the shop sent and
 * choose who signs in with "Google".
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';

export const CONTROL_URL = `http://127.0.0.1:${process.env.E2E_CONTROL_PORT ?? 4175}`;

export interface Mail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const POLL_INTERVAL_MS = 100;

/** What a test reads of a raw message (RFC 5322 / MIME) as the fake SMTP server received it. */
export async function readMail(
  raw: Buffer | string,
): Promise<Pick<Mail, 'from' | 'subject' | 'text' | 'html'>> {
  const parsed = await simpleParser(raw);
  return {
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    // A mail without an HTML part: mailparser says false.
    html: parsed.html || '',
  };
}

async function fetchMails(to: string): Promise<Mail[]> {
  const response = await fetch(`${CONTROL_URL}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /messages answered ${response.status}`);
  return (await response.json()) as Mail[];
}

/**
 * Waits (polling the control API every 100 ms, up to timeoutMs, default 10 s) for the first mail to `to`
 * whose subject matches, and returns it. Throws a clear error listing the subjects received for that
 * address on timeout.
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  // Without the g/y flags, so a caller's regex with state cannot make every other check fail.
  const pattern = new RegExp(subject.source, subject.flags.replace(/[gy]/g, ''));
  const deadline = Date.now() + timeoutMs;
  let received: Mail[] = [];
  let lastError: unknown;
  for (;;) {
    try {
      received = await fetchMails(to);
      lastError = undefined;
      const mail = received.find((candidate) => pattern.test(candidate.subject));
      if (mail) return mail;
    } catch (error) {
      // The shop may not have sent anything yet, but an unreachable control API is worth reporting.
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await sleep(POLL_INTERVAL_MS);
  }
  const subjects = received.length ? received.map((mail) => JSON.stringify(mail.subject)).join(', ') : 'none';
  const cause = lastError ? ` (last error from ${CONTROL_URL}: ${String(lastError)})` : '';
  throw new Error(
    `No mail to ${to} with a subject matching ${String(subject)} within ${timeoutMs} ms. ` +
      `Subjects received for that address: ${subjects}${cause}`,
  );
}

/** The first http(s) link in the mail's text part whose URL contains `pathPart`. */
export function linkIn(mail: Mail, pathPart: string): string {
  // Sentence punctuation right after a link in prose is not part of it.
  const links = [...mail.text.matchAll(/https?:\/\/[^\s<>"'`]+/g)].map((match) =>
    match[0].replace(/[.,;:!?)\]]+$/, ''),
  );
  const link = links.find((candidate) => candidate.includes(pathPart));
  if (link) return link;
  const found = links.length ? links.join(', ') : 'none';
  throw new Error(
    `No link containing ${JSON.stringify(pathPart)} in the mail "${mail.subject}". Links: ${found}`,
  );
}

export async function setGoogleUser(user: {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/oidc/user`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok) {
    throw new Error(`PUT /oidc/user answered ${response.status}: ${await response.text()}`);
  }
}
