import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { publicUrl, type Env } from '../env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Hands one mail to the mail server (or the outbox folder); only the outbox's worker calls it. */
export interface Mailer {
  /** `id`: the outbox row's, unique to the mail and the same on every attempt. */
  send(mail: OutgoingMail, id: string): Promise<void>;
}

// Below the outbox's lease (mail/outbox.ts): a send that hangs fails and is retried, never sent twice.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Real e-mail over SMTP when SMTP_URL is set. Without it, a shop still works on a laptop: each mail is
 * written to DATA_DIR/outbox as an .eml file any mail program opens (mode 0600), and logged.
 */
export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS });
    return {
      send: (mail, id) =>
        // The same Message-ID on every attempt: a receiving server may recognise a retry it already has.
        transport
          .sendMail({ from: env.MAIL_FROM, messageId: messageId(id, env), ...mail })
          .then(() => undefined),
    };
  }

  const outbox = path.join(env.DATA_DIR, 'outbox');
  const transport: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail, id) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, messageId: messageId(id, env), ...mail });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      // Named by the time for a reader, and by the mail's id so that no two mails share a file.
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug(mail.subject)}-${id}.eml`,
      );
      // The mails carry sign-in links: only the shop's user may read them, and the log names the file only
      // (a developer's own laptop shows the text too).
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      if (env.NODE_ENV === 'development') {
        log.info({ to: mail.to, subject: mail.subject, file }, `mail not sent (no SMTP_URL):\n${mail.text}`);
      } else {
        log.info(
          { to: mail.to, subject: mail.subject, file },
          'mail not sent (no SMTP_URL): written to the outbox',
        );
      }
    },
  };
}

function messageId(id: string, env: Env): string {
  return `<${id}@${new URL(publicUrl(env)).hostname}>`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}
