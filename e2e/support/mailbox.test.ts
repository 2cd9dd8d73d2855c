import { describe, expect, it } from 'vitest';
import { readMail } from './mail-message';

const crlf = (lines: string[]): string => lines.join('\r\n');

const VERIFY_URL =
  'http://127.0.0.1:4173/verify-email?token=abc%2Bdef%3D%3D&email=gr%C3%A2ce%40example.com&next=/account';

// Captured verbatim from nodemailer 10 (stream transport), the mailer the shop uses.
const NODEMAILER_MESSAGE = crlf([
  'From: Toolshop <no-reply@toolshop.test>',
  'To: =?UTF-8?Q?Gr=C3=A2ce?= <grace@example.com>',
  'Subject: =?UTF-8?Q?V=C3=A9rifiez_votre_adresse_=E2=80=94_To?=',
  ' =?UTF-8?Q?olshop?=',
  'Message-ID: <ad47b549-504e-4c28-c359-58ce2dc20429@toolshop.test>',
  'Date: Sat, 21 Nov 2026 20:18:59 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative;',
  ' boundary="--_NmP-fd89e99b962a7bbc-Part_1"',
  '',
  '----_NmP-fd89e99b962a7bbc-Part_1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Bonjour Gr=C3=A2ce,',
  '',
  'Cliquez ici pour v=C3=A9rifier votre adresse : =',
  'http://127.0.0.1:4173/verify-email?token=3Dabc%2Bdef%3D%3D&email=3Dgr%C3%A2=',
  'ce%40example.com&next=3D/account',
  '',
  '=C3=80 bient=C3=B4t =E2=80=94 =',
  'l=E2=80=99=C3=A9quipe Toolshop',
  '----_NmP-fd89e99b962a7bbc-Part_1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  '<p>Bonjour Gr=C3=A2ce,</p><p><a href=3D"http://127.0.0.1:4173/verify-email?=',
  'token=3Dabc%2Bdef%3D%3D&amp;email=3Dgr%C3%A2ce%40example.=',
  'com&amp;next=3D/account">V=C3=A9rifier mon =',
  'adresse</a></p>',
  '----_NmP-fd89e99b962a7bbc-Part_1--',
  '',
]);

describe('readMail', () => {
  it('reads what nodemailer sends: encoded subject, quoted-printable text and HTML parts', async () => {
    const mail = await readMail(Buffer.from(NODEMAILER_MESSAGE, 'latin1'));
    expect(mail.subject).toBe('Vérifiez votre adresse — Toolshop');
    expect(mail.from).toBe('"Toolshop" <no-reply@toolshop.test>');
    expect(mail.text).toContain('Bonjour Grâce,');
    expect(mail.text).toContain(VERIFY_URL);
    expect(mail.html).toContain('Vérifier mon adresse');
  });

  it('finds base64 parts in a nested multipart/mixed message and skips attachments', async () => {
    const b64 = (text: string): string => Buffer.from(text).toString('base64');
    const message = crlf([
      'Subject: =?UTF-8?B?' + b64('Votre commande n° 42') + '?=',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      '--outer',
      'Content-Type: text/plain; name="invoice.txt"',
      'Content-Disposition: attachment; filename="invoice.txt"',
      '',
      'not the body',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset="UTF-8"',
      'Content-Transfer-Encoding: BASE64',
      '',
      b64('Merci ! Total : 12,50 €'),
      '--inner',
      'Content-Type: text/html; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64('<p>Merci ! Total : 12,50 €</p>'),
      '--inner--',
      '--outer--',
    ]);
    const mail = await readMail(message);
    expect(mail.subject).toBe('Votre commande n° 42');
    expect(mail.text).toBe('Merci ! Total : 12,50 €');
    expect(mail.html).toBe('<p>Merci ! Total : 12,50 €</p>');
  });

  it('reads a single-part message with raw UTF-8 headers and body', async () => {
    const mail = await readMail(
      Buffer.from('Subject: Bienvenue à Toolshop\nFrom: a@b.c\n\nBonjour Grâce\n', 'utf-8'),
    );
    expect(mail.subject).toBe('Bienvenue à Toolshop');
    expect(mail.text).toContain('Bonjour Grâce');
    expect(mail.html).toBe('');
  });
});
