import { beforeAll, describe, expect, it } from 'vitest';
import { inputMessages } from '@toolshop/shared/messages';
import { AUTH_BODY_MAX_BYTES } from '../auth/routes';
import { BODY_MAX_BYTES, MAX_JSON_KEYS } from '../plugins/app/json-body';
import { injectAs, newAccountDetails, ORIGIN, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

// A wide or large body cost seconds of the event loop for everyone before any rate limit (decision 034):
// each is refused before it is parsed, in the error shape.
const t = useTestApp({ seed: false });

let customer: TestAccount;
beforeAll(async () => {
  customer = await signUp(t.app);
});

/** A JSON object of `count` keys (`"k0":1,…`), padded with spaces to `bytes` when given. */
function wideJson(count: number, bytes = 0): string {
  const text = `{${Array.from({ length: count }, (_, i) => `"k${i}":1`).join(',')}}`;
  return text.padEnd(bytes, ' ');
}

const signUpWith = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload,
  });

const orderWith = (payload: string) =>
  injectAs(t.app, customer, {
    method: 'POST',
    url: '/api/order',
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('body limits', () => {
  it('answers an auth body over its limit with 413, and lets one at the limit reach Better Auth', async () => {
    const tooLarge = await signUpWith(wideJson(1, AUTH_BODY_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('payload_too_large');

    const { name, email, password } = newAccountDetails();
    const atTheLimit = JSON.stringify({ name, email, password }).padEnd(AUTH_BODY_MAX_BYTES, ' ');
    expect((await signUpWith(atTheLimit)).statusCode).toBe(200);
  });

  it('answers the wide body of the attack (60,000 keys, 650 kB) to auth with 413', async () => {
    const response = await signUpWith(wideJson(60_000));

    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('answers any other JSON route over the default limit with 413, the wide body of the attack too', async () => {
    for (const payload of [wideJson(1, BODY_MAX_BYTES + 1), wideJson(60_000)]) {
      const response = await orderWith(payload);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('payload_too_large');
    }
  });
});

describe('the key bound', () => {
  it('refuses a body with more keys than any form has, before parsing it', async () => {
    const response = await orderWith(wideJson(MAX_JSON_KEYS + 1));

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invalid_input',
      message: inputMessages.tooManyKeys(MAX_JSON_KEYS),
    });
  });

  it('lets a body with as many keys as the bound through to validation', async () => {
    const response = await orderWith(wideJson(MAX_JSON_KEYS));

    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain('body.quantity');
  });
});
