/**
 * Just enough MIME (RFC 2045-2047) to read the mails the shop sends in end-to-end tests: headers with
 * encoded words, and the text/plain and text/html parts of a possibly nested multipart message in
 * quoted-printable, base64 or 7/8-bit transfer encoding. A full parser (mailparser) is deliberately not
 * a dependency.
 */

export interface ParsedMail {
  headers: Map<string, string[]>;
  subject: string;
  from: string;
  text: string;
  html: string;
}

interface ContentType {
  type: string;
  params: Map<string, string>;
}

// The raw message is handled as a "binary" string (one char per byte) until a part's charset is known,
// so 8-bit bodies are not mangled by decoding them as UTF-8 too early.
function bytesOf(binary: string): Uint8Array {
  return Uint8Array.from(binary, (char) => char.charCodeAt(0) & 0xff);
}

export function decodeCharset(bytes: Uint8Array, charset = 'utf-8'): string {
  // RFC 2231 allows a language suffix: "UTF-8*en".
  const label = charset.split('*')[0]?.trim().toLowerCase() || 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An unknown label: UTF-8 is what a modern mailer sends anyway.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Decodes a quoted-printable body (RFC 2045 6.7) to its bytes. Hard line breaks are kept as they are. */
export function decodeQuotedPrintable(input: string): Uint8Array {
  const bytes: number[] = [];
  // Soft line breaks, tolerating the trailing whitespace some transports leave after the "=".
  let unwrapped = input.replace(/=[ \t]*\r?\n/g, '');
  // Quoted-printable is 7-bit; wider characters mean the caller passed decoded text: keep it as UTF-8.
  if (/[\u0100-\uffff]/.test(unwrapped)) unwrapped = Buffer.from(unwrapped, 'utf-8').toString('latin1');
  for (let i = 0; i < unwrapped.length; i++) {
    const char = unwrapped.charCodeAt(i);
    if (char === 0x3d /* = */) {
      const hex = unwrapped.slice(i + 1, i + 3);
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    bytes.push(char);
  }
  return Uint8Array.from(bytes);
}

export function decodeBase64(input: string): Uint8Array {
  return Uint8Array.from(Buffer.from(input.replace(/[^A-Za-z0-9+/=_-]/g, ''), 'base64'));
}

/** Decodes the body of one part according to its Content-Transfer-Encoding and charset. */
export function decodeBody(body: string, transferEncoding: string | undefined, charset?: string): string {
  const encoding = (transferEncoding ?? '7bit').trim().toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? decodeBase64(body)
        : bytesOf(body);
  return decodeCharset(bytes, charset);
}

const ENCODED_WORD = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;

function encodedWordBytes(encoding: string, text: string): Uint8Array {
  if (encoding.toUpperCase() === 'B') return decodeBase64(text);
  // In the Q encoding an underscore always stands for a space (0x20), whatever the charset.
  return decodeQuotedPrintable(text.replace(/_/g, ' '));
}

/**
 * Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. Whitespace
 * between adjacent encoded words is dropped, and their bytes are joined before decoding, since mailers
 * split long values between words regardless of where a multi-byte character falls.
 */
export function decodeEncodedWords(value: string): string {
  let result = '';
  let pending: { charset: string; chunks: Uint8Array[] } | undefined;
  let lastEnd = 0;
  const flush = (): void => {
    if (!pending) return;
    result += decodeCharset(Buffer.concat(pending.chunks), pending.charset);
    pending = undefined;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [word, charset = 'utf-8', encoding = 'Q', text = ''] = match;
    const gap = value.slice(lastEnd, match.index);
    if (!(pending && /^\s*$/.test(gap))) {
      flush();
      result += gap;
    }
    const bytes = encodedWordBytes(encoding, text);
    if (pending && pending.charset.toLowerCase() === charset.toLowerCase()) {
      pending.chunks.push(bytes);
    } else {
      flush();
      pending = { charset, chunks: [bytes] };
    }
    lastEnd = match.index + word.length;
  }
  flush();
  return result + value.slice(lastEnd);
}

/** Splits a message (or a part) into its header block and body at the first empty line. */
export function splitHeaderAndBody(raw: string): { headerBlock: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headerBlock: raw, body: '' };
  return { headerBlock: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** Unfolds and collects header fields; names are lower-cased, values keep their raw (encoded) form. */
export function parseHeaders(headerBlock: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  const unfolded = headerBlock.replace(/\r?\n(?=[ \t])/g, '');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return headers;
}

/** A header value with encoded words decoded; raw 8-bit bytes (SMTPUTF8 headers) are read as UTF-8. */
export function headerValue(headers: Map<string, string[]>, name: string): string {
  const value = headers.get(name.toLowerCase())?.[0] ?? '';
  return decodeEncodedWords(decodeCharset(bytesOf(value)));
}

export function parseContentType(value: string | undefined): ContentType {
  const [type = '', ...rest] = (value ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  // Re-joined because a quoted parameter value may itself contain ";".
  const paramPattern = /([^=\s;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (const match of rest.join(';').matchAll(paramPattern)) {
    const [, name = '', quoted, bare] = match;
    params.set(name.toLowerCase(), quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (bare ?? ''));
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params };
}

/** The bodies of the parts of a multipart body, without preamble and epilogue. */
export function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The line break before a delimiter belongs to the delimiter, not to the preceding part.
  const chunks = `\r\n${body}`.split(new RegExp(`\\r?\\n--${escaped}`));
  const parts: string[] = [];
  for (const chunk of chunks.slice(1)) {
    if (chunk.startsWith('--')) break;
    // Skip the transport padding and line break that end the delimiter line.
    parts.push(chunk.replace(/^[ \t]*\r?\n/, ''));
  }
  return parts;
}

function collectTextParts(raw: string, found: { text?: string; html?: string }): void {
  const { headerBlock, body } = splitHeaderAndBody(raw);
  const headers = parseHeaders(headerBlock);
  const contentType = parseContentType(headers.get('content-type')?.[0]);
  const boundary = contentType.params.get('boundary');
  if (contentType.type.startsWith('multipart/') && boundary) {
    for (const part of splitMultipart(body, boundary)) collectTextParts(part, found);
    return;
  }
  if (/^\s*attachment/i.test(headers.get('content-disposition')?.[0] ?? '')) return;
  const key =
    contentType.type === 'text/plain' ? 'text' : contentType.type === 'text/html' ? 'html' : undefined;
  if (!key || found[key] !== undefined) return;
  const decoded = decodeBody(
    body,
    headers.get('content-transfer-encoding')?.[0],
    contentType.params.get('charset'),
  );
  // Tests match text with "\n"; the CRLFs are an artefact of SMTP transport.
  found[key] = decoded.replace(/\r\n/g, '\n');
}

/**
 * Parses a whole RFC 5322 message. `raw` may be the bytes received or a string of them; a string with
 * characters above U+00FF is taken as already-decoded text and re-encoded as UTF-8 first.
 */
export function parseMail(raw: string | Uint8Array): ParsedMail {
  const binary =
    typeof raw === 'string'
      ? /[\u0100-\uffff]/.test(raw)
        ? Buffer.from(raw, 'utf-8').toString('latin1')
        : raw
      : Buffer.from(raw).toString('latin1');
  const { headerBlock } = splitHeaderAndBody(binary);
  const headers = parseHeaders(headerBlock);
  const found: { text?: string; html?: string } = {};
  collectTextParts(binary, found);
  return {
    headers,
    subject: headerValue(headers, 'subject'),
    from: headerValue(headers, 'from'),
    text: found.text ?? '',
    html: found.html ?? '',
  };
}
