import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Real e-mail over SMTP when SMTP_URL is set. Without it, a shop still works on a laptop: each mail is
 * written to DATA_DIR/outbox as an .eml file any mail program opens (mode 0600), and logged.
 */
export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return { send: (mail) => transport.sendMail({ from: env.MAIL_FROM, ...mail }).then(() => undefined) };
  }

  const outbox = path.join(env.DATA_DIR, 'outbox');
  const transport: Transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug(mail.subject)}.eml`,
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

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}
