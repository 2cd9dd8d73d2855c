/**
 * Stand-ins for the shop's third parties during end-to-end tests, speaking the real protocols so the
 * shop runs its production code paths: an SMTP server that keeps every mail in memory, and an OpenID
 * Connect provider standing in for Google. A small HTTP control API lets tests read the mails and
 * choose who signs in with "Google".
 *
 * Run: node --import tsx e2e/support/fake-services.ts
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { readMail, type Mail } from './mail-message';

const HOST = '127.0.0.1';
const CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 4175);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4176);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4177);

/** What the control API hands out, plus the raw message for debugging. */
interface StoredMail extends Mail {
  raw: string;
}

interface GoogleUser {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

const DEFAULT_GOOGLE_USER: GoogleUser = {
  sub: 'google-user-1',
  email: 'google.user@example.com',
  name: 'Grace Google',
};

const mails: StoredMail[] = [];
let googleUser: GoogleUser = DEFAULT_GOOGLE_USER;

function googleClaims(user: GoogleUser): Record<string, unknown> {
  return {
    sub: user.sub,
    email: user.email,
    email_verified: true,
    name: user.name,
    ...(user.picture !== undefined ? { picture: user.picture } : {}),
  };
}

// --- SMTP -------------------------------------------------------------------------------------------

const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  // If the shop is configured with SMTP credentials it sends AUTH over this plain connection; accept it
  // rather than fail the test on a transport detail the stand-in does not care about.
  allowInsecureAuth: true,
  onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
  logger: false,
  banner: 'Toolshop e2e fake SMTP',
  // Shutdown must not wait for the shop's pooled connections to go idle.
  closeTimeout: 500,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', async () => {
      const bytes = Buffer.concat(chunks);
      try {
        const parsed = await readMail(bytes);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({
          id: randomUUID(),
          from: parsed.from || envelopeFrom,
          // The envelope, not the To header: it is who the mail is actually delivered to (Bcc included).
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          raw: bytes.toString('utf-8'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    });
  },
});
smtp.on('error', (error) => console.error('fake SMTP error:', error));

// --- OpenID Connect ---------------------------------------------------------------------------------

const oidc = new OAuth2Server();
// Set before start(): the library would otherwise advertise http://localhost:PORT, which may resolve to
// ::1 where nothing listens, and would not match an issuer configured as 127.0.0.1.
oidc.issuer.url = `http://${HOST}:${OIDC_PORT}`;

oidc.service.on('beforeTokenSigning', (token: MutableToken) => {
  const { payload } = token;
  // The token endpoint signs an access token (which carries a scope) and then an id_token (which does
  // not). Both get the chosen user's subject; only the id_token gets the profile claims, as with Google.
  Object.assign(payload, 'scope' in payload ? { sub: googleUser.sub } : googleClaims(googleUser));
});

oidc.service.on('beforeUserinfo', (userInfoResponse: MutableResponse) => {
  userInfoResponse.body = googleClaims(googleUser);
});

// --- Control API ------------------------------------------------------------------------------------

let ready = false;

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
  } else if (typeof body === 'string') {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
  } else {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf-8'));
}

function asGoogleUser(value: unknown): GoogleUser | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { sub, email, name, picture } = value as Record<string, unknown>;
  const nonEmpty = (field: unknown): field is string => typeof field === 'string' && field !== '';
  if (!nonEmpty(sub) || !nonEmpty(email) || !nonEmpty(name)) return undefined;
  if (picture !== undefined && picture !== null && typeof picture !== 'string') return undefined;
  return { sub, email, name, ...(typeof picture === 'string' ? { picture } : {}) };
}

async function handleControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', `http://${HOST}`);
  const route = `${req.method ?? 'GET'} ${url.pathname}`;
  switch (route) {
    case 'GET /health':
      return send(res, ready ? 200 : 503, ready ? 'ok' : 'starting');
    case 'GET /messages': {
      const to = url.searchParams.get('to')?.toLowerCase();
      const matching = to
        ? mails.filter((mail) => mail.to.some((address) => address.toLowerCase() === to))
        : mails;
      return send(res, 200, matching);
    }
    case 'DELETE /messages':
      mails.length = 0;
      return send(res, 204);
    case 'PUT /oidc/user': {
      let user: GoogleUser | undefined;
      try {
        user = asGoogleUser(await readJson(req));
      } catch {
        return send(res, 400, { error: 'The body is not JSON.' });
      }
      if (!user)
        return send(res, 400, { error: 'Expected { sub, email, name, picture? } as non-empty strings.' });
      googleUser = user;
      return send(res, 204);
    }
    default:
      return send(res, 404, { error: `No route ${route}.` });
  }
}

const control = createServer((req, res) => {
  handleControl(req, res).catch((error: unknown) => {
    console.error('fake services control API error:', error);
    if (!res.headersSent) send(res, 500, { error: String(error) });
  });
});

// --- Lifecycle --------------------------------------------------------------------------------------

interface Listenable {
  listen(port: number, host: string, callback: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
}

function listen(server: Listenable, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
}

async function start(): Promise<void> {
  // The control API comes up first so a health check gets "starting" rather than a refused connection.
  await listen(control, CONTROL_PORT);
  await listen(smtp, SMTP_PORT);
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(OIDC_PORT, HOST);
  ready = true;
  console.log(
    `fake services ready: smtp=${HOST}:${SMTP_PORT} oidc=${oidc.issuer.url ?? ''} control=http://${HOST}:${CONTROL_PORT}`,
  );
}

let stopping = false;

async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A hung close must not keep the test runner waiting for this process.
  setTimeout(() => process.exit(0), 3000).unref();
  control.closeAllConnections();
  await Promise.allSettled([
    new Promise<void>((resolve) => control.close(() => resolve())),
    new Promise<void>((resolve) => smtp.close(() => resolve())),
    oidc.listening ? oidc.stop() : Promise.resolve(),
  ]);
  console.log(`fake services stopped (${signal})`);
  process.exit(0);
}

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

start().catch((error: unknown) => {
  console.error('fake services failed to start:', error);
  process.exit(1);
});
