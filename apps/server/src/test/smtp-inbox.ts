import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:port, the same port across stop() and start(). */
  url: string;
  received: ReceivedMail[];
  /** Addresses the server refuses for good (550), as for a mailbox that does not exist. */
  refused: Set<string>;
  /** The server stops listening: connections are refused, as when a mail server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) for a test file, listening before the file's app is built and closed
 * after it: what the shop's nodemailer transport delivers to, and what a test reads back.
 */
export function useSmtpInbox(): SmtpInbox {
  let server: SMTPServer | undefined;
  let port = 0;
  const inbox: SmtpInbox = {
    url: '',
    received: [],
    refused: new Set(),
    async start() {
      server = new SMTPServer({
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        closeTimeout: 100,
        onRcptTo(address, _session, callback) {
          if (!inbox.refused.has(address.address)) return callback();
          callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        },
        onData(stream, session, callback) {
          simpleParser(stream)
            .then((parsed) => {
              for (const recipient of session.envelope.rcptTo) {
                inbox.received.push({
                  to: recipient.address,
                  subject: parsed.subject ?? '',
                  text: parsed.text ?? '',
                  messageId: parsed.messageId ?? '',
                });
              }
              callback();
            })
            .catch(callback);
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
      port = (listening.server.address() as AddressInfo).port;
      inbox.url = `smtp://127.0.0.1:${port}`;
    },
    async stop() {
      const closing = server;
      server = undefined;
      await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
  };
  beforeAll(() => inbox.start());
  afterAll(() => inbox.stop());
  return inbox;
}
