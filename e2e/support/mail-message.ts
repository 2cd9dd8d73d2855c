/**
 * A mail as the fake SMTP server keeps it (e2e/support/fake-services.ts) and as its control API lists it,
 * and how a raw message is read: shared by the fake services and the tests' mailbox.
 */
import { simpleParser } from 'mailparser';

export interface Mail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

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
