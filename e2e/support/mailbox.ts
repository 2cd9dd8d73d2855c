/**
 * Test-side access to the fake services (e2e/support/fake-services.ts): read the mails the shop sent and
 * choose who signs in with "Google".
 */
import { expect } from '@playwright/test';
import type { Mail } from './mail-message';

export const CONTROL_URL = `http://127.0.0.1:${process.env.E2E_CONTROL_PORT ?? 4175}`;

async function fetchMails(to: string): Promise<Mail[]> {
  const response = await fetch(`${CONTROL_URL}/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /messages answered ${response.status}`);
  return (await response.json()) as Mail[];
}

/**
 * Waits (expect.poll on the control API, every 100 ms, up to timeoutMs, default 10 s) for the first mail to
 * `to` whose subject matches, and returns it. On timeout the failure lists the subjects that address got.
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  // Without the g/y flags, so a caller's regex with state cannot make every other check fail.
  const pattern = new RegExp(subject.source, subject.flags.replace(/[gy]/g, ''));
  let received: Mail[] = [];
  await expect
    .poll(
      async () => {
        received = await fetchMails(to);
        return received.map((mail) => mail.subject);
      },
      {
        message: `a mail to ${to} with a subject matching ${String(subject)}`,
        timeout: timeoutMs,
        intervals: [100],
      },
    )
    .toContainEqual(expect.stringMatching(pattern));
  return received.find((mail) => pattern.test(mail.subject))!;
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
