import { describe, expect, it } from 'vitest';
import {
  decodeBody,
  decodeEncodedWords,
  decodeQuotedPrintable,
  parseContentType,
  parseHeaders,
  parseMail,
  splitMultipart,
} from './mime';

const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
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

describe('decodeQuotedPrintable', () => {
  it('joins soft line breaks and decodes =XX bytes as UTF-8', () => {
    expect(utf8(decodeQuotedPrintable('V=C3=A9rifiez =E2=80=94 =\r\nToolshop'))).toBe('Vérifiez — Toolshop');
  });

  it('keeps a multi-byte character split across a soft line break', () => {
    expect(utf8(decodeQuotedPrintable('gr=C3=\r\n=A2ce'))).toBe('grâce');
  });

  it('accepts bare LF soft breaks, lower-case hex and whitespace after the "="', () => {
    expect(utf8(decodeQuotedPrintable('a=3d=\nb= \t\r\nc'))).toBe('a=bc');
  });

  it('keeps hard line breaks and a stray "=" that is not an escape', () => {
    expect(utf8(decodeQuotedPrintable('x = y\r\n=ZZ='))).toBe('x = y\r\n=ZZ=');
  });

  it('keeps already-decoded non-Latin-1 text intact', () => {
    expect(utf8(decodeQuotedPrintable('outil 🔧 =C3=A0'))).toBe('outil 🔧 à');
  });
});

describe('decodeEncodedWords', () => {
  it('decodes Q words, where "_" is a space', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?V=C3=A9rifiez_=E2=80=94_Toolshop?=')).toBe('Vérifiez — Toolshop');
  });

  it('decodes B words, case-insensitively', () => {
    const encoded = Buffer.from('Vérifiez — Toolshop').toString('base64');
    expect(decodeEncodedWords(`=?utf-8?b?${encoded}?=`)).toBe('Vérifiez — Toolshop');
  });

  it('drops whitespace between adjacent words and joins a character split between them', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?gr=C3?=\r\n =?UTF-8?Q?=A2ce?=')).toBe('grâce');
    expect(decodeEncodedWords('=?UTF-8?B?4oCU?= =?UTF-8?Q?_Toolshop?=')).toBe('— Toolshop');
  });

  it('keeps plain text and the whitespace that separates it from encoded words', () => {
    expect(decodeEncodedWords('Re: =?UTF-8?Q?caf=C3=A9?= and tools')).toBe('Re: café and tools');
    expect(decodeEncodedWords('no encoding = here?')).toBe('no encoding = here?');
  });

  it('decodes other charsets', () => {
    expect(decodeEncodedWords('=?ISO-8859-1?Q?caf=E9?=')).toBe('café');
  });
});

describe('headers and content types', () => {
  it('unfolds continuation lines and lower-cases names', () => {
    const headers = parseHeaders('Subject: one\r\n two\r\nX-Tag: a\r\nx-tag: b');
    expect(headers.get('subject')).toEqual(['one two']);
    expect(headers.get('x-tag')).toEqual(['a', 'b']);
  });

  it('parses quoted and bare parameters', () => {
    const type = parseContentType('Multipart/Alternative;\r\n boundary="--_a;b=c"; charset=UTF-8');
    expect(type.type).toBe('multipart/alternative');
    expect(type.params.get('boundary')).toBe('--_a;b=c');
    expect(type.params.get('charset')).toBe('UTF-8');
  });

  it('defaults to text/plain', () => {
    expect(parseContentType(undefined).type).toBe('text/plain');
  });

  it('splits a multipart body without preamble, epilogue or the CRLF before a delimiter', () => {
    const body = crlf(['preamble', '--b', '', 'one', '--b  ', 'X: y', '', 'two', '', '--b--', 'epilogue']);
    expect(splitMultipart(body, 'b')).toEqual(['\r\none', 'X: y\r\n\r\ntwo\r\n']);
  });
});

describe('decodeBody', () => {
  it('decodes base64 with line breaks in the given charset', () => {
    const encoded = Buffer.from('Mot de passe oublié ?')
      .toString('base64')
      .replace(/(.{8})/g, '$1\r\n');
    expect(decodeBody(encoded, 'base64', 'utf-8')).toBe('Mot de passe oublié ?');
  });

  it('reads 8bit bodies in their charset', () => {
    const latin1 = Buffer.from('café', 'latin1').toString('latin1');
    expect(decodeBody(latin1, '8bit', 'iso-8859-1')).toBe('café');
  });
});

describe('parseMail', () => {
  it('reads a nodemailer multipart/alternative message', () => {
    const mail = parseMail(NODEMAILER_MESSAGE);
    expect(mail.subject).toBe('Vérifiez votre adresse — Toolshop');
    expect(mail.from).toBe('Toolshop <no-reply@toolshop.test>');
    expect(mail.text).toBe(
      `Bonjour Grâce,\n\nCliquez ici pour vérifier votre adresse : ${VERIFY_URL}\n\nÀ bientôt — l’équipe Toolshop`,
    );
    expect(mail.html).toBe(
      `<p>Bonjour Grâce,</p><p><a href="${VERIFY_URL.replace(/&/g, '&amp;')}">Vérifier mon adresse</a></p>`,
    );
  });

  it('reads the same message given as bytes', () => {
    expect(parseMail(Buffer.from(NODEMAILER_MESSAGE, 'latin1')).text).toContain(VERIFY_URL);
  });

  it('finds base64 parts in a nested multipart/mixed message and skips attachments', () => {
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
    const mail = parseMail(message);
    expect(mail.subject).toBe('Votre commande n° 42');
    expect(mail.text).toBe('Merci ! Total : 12,50 €');
    expect(mail.html).toBe('<p>Merci ! Total : 12,50 €</p>');
  });

  it('reads a single-part message with raw UTF-8 headers and body', () => {
    const mail = parseMail(
      Buffer.from('Subject: Bienvenue à Toolshop\nFrom: a@b.c\n\nBonjour Grâce\n', 'utf-8'),
    );
    expect(mail.subject).toBe('Bienvenue à Toolshop');
    expect(mail.text).toBe('Bonjour Grâce\n');
    expect(mail.html).toBe('');
  });
});
