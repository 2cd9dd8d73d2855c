import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@toolshop/shared/messages';
import { injectAs, newAccountDetails, signUp, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false });

let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  alice = await signUp(t.app, newAccountDetails('alice'));
  bob = await signUp(t.app, newAccountDetails('bob'));
});

const unauthorizedBody = { error: { code: 'unauthorized', message: 'Sign in to continue.' } };
const notYourAccountBody = { error: { code: 'forbidden', message: 'You may only act on your own account.' } };

const uploadedImage = () => `/api/images/${randomUUID()}.webp`;

const validForm = () => ({
  education: 'BSc Mechanical Engineering',
  location: 'Dhaka',
  number: '+880 1712-345678',
  linkedIn: 'https://www.linkedin.com/in/someone',
});

const readProfile = (account: TestAccount | null, email: string) =>
  injectAs(t.app, account, { method: 'GET', url: `/api/profile/${encodeURIComponent(email)}` });

const saveProfile = (account: TestAccount | null, email: string, payload: object) =>
  injectAs(t.app, account, { method: 'PUT', url: `/api/profile/${encodeURIComponent(email)}`, payload });

const invalidInput = (fields: Record<string, string>) => ({
  error: { code: 'invalid_input', message: 'Some fields are not valid.', fields },
});

describe('GET /api/profile/:email', () => {
  it('shows a customer their own profile with name and e-mail and nulls for what is not filled in yet', async () => {
    const carol = await signUp(t.app, newAccountDetails('carol'));

    const response = await readProfile(carol, carol.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: carol.email,
      name: carol.name,
      education: null,
      location: null,
      linkedIn: null,
      number: null,
      img: null,
    });
  });

  it('answers 403 when a customer reads another customer’s profile', async () => {
    const response = await readProfile(alice, bob.email);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(notYourAccountBody);
  });

  it('lets an admin read a customer’s profile', async () => {
    const img = uploadedImage();
    expect((await saveProfile(bob, bob.email, { ...validForm(), img })).statusCode).toBe(200);

    const response = await readProfile(admin, bob.email);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: bob.email, name: bob.name, ...validForm(), img });
  });

  it('answers 404 when an admin reads the profile of an unknown e-mail', async () => {
    const response = await readProfile(admin, 'nobody-here@example.com');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'User not found' } });
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await readProfile(null, alice.email);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody);
  });
});

describe('PUT /api/profile/:email', () => {
  it('saves a customer’s own profile and answers with it', async () => {
    const img = uploadedImage();

    const response = await saveProfile(alice, alice.email, { ...validForm(), img });

    const expected = { email: alice.email, name: alice.name, ...validForm(), img };
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
    expect((await readProfile(alice, alice.email)).json()).toEqual(expected);
  });

  it('accepts the image under the name "image" and answers with it as "img"', async () => {
    const image = 'https://i.ibb.co/abc123/portrait.png';

    const response = await saveProfile(alice, alice.email, { ...validForm(), image });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: alice.email, name: alice.name, ...validForm(), img: image });
    expect(response.json()).not.toHaveProperty('image');
  });

  it('keeps the earlier image when an update sends none', async () => {
    const img = uploadedImage();
    expect((await saveProfile(alice, alice.email, { ...validForm(), img })).statusCode).toBe(200);

    const response = await saveProfile(alice, alice.email, { ...validForm(), location: 'Chattogram' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: alice.email,
      name: alice.name,
      ...validForm(),
      location: 'Chattogram',
      img,
    });
  });

  it('accepts the phone number as a JSON number and answers with it as a string', async () => {
    const response = await saveProfile(alice, alice.email, { ...validForm(), number: 1712345678 });

    expect(response.statusCode).toBe(200);
    expect(response.json().number).toBe('1712345678');
    expect((await readProfile(alice, alice.email)).json().number).toBe('1712345678');
  });

  it('answers 400 with the SPEC messages for each missing field', async () => {
    const response = await saveProfile(alice, alice.email, {});

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      invalidInput({
        'body.education': messages.educationRequired,
        'body.location': messages.locationRequired,
        'body.number': messages.numberRequired,
        'body.linkedIn': messages.linkedInRequired,
      }),
    );
    expect(messages).toMatchObject({
      educationRequired: 'Education is Required',
      locationRequired: 'location is Required',
      numberRequired: 'number is Required',
      linkedInRequired: 'linkedIn is Required',
    });
  });

  it('answers 400 with the SPEC message for a field that is only blanks', async () => {
    const response = await saveProfile(alice, alice.email, { ...validForm(), education: '   ' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidInput({ 'body.education': 'Education is Required' }));
  });

  it('answers 400 to a javascript: LinkedIn link', async () => {
    const response = await saveProfile(alice, alice.email, {
      ...validForm(),
      linkedIn: 'javascript:alert(1)',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidInput({ 'body.linkedIn': 'Provide a valid link (https://…)' }));
  });

  it.each([
    ['img', 'javascript:alert(1)'],
    ['img', 'data:image/png;base64,iVBORw0KGgo='],
    ['image', 'javascript:alert(1)'],
    ['image', 'data:text/html,<script>alert(1)</script>'],
  ])('answers 400 to %s %s and keeps the stored image', async (key, value) => {
    const before = (await readProfile(alice, alice.email)).json();

    const response = await saveProfile(alice, alice.email, { ...validForm(), [key]: value });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidInput({ [`body.${key}`]: 'Must be an uploaded image' }));
    expect((await readProfile(alice, alice.email)).json()).toEqual(before);
  });

  it.each([
    ['a customer', () => alice],
    ['an admin', () => admin],
  ])(
    'answers 403 when %s writes another customer’s profile, which stays as it was',
    async (_label, caller) => {
      const before = (await readProfile(bob, bob.email)).json();

      const response = await saveProfile(caller(), bob.email, { ...validForm(), location: 'Elsewhere' });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(notYourAccountBody);
      expect((await readProfile(bob, bob.email)).json()).toEqual(before);
    },
  );

  it('answers 401 to an anonymous caller', async () => {
    const response = await saveProfile(null, alice.email, validForm());

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(unauthorizedBody);
  });

  it('ignores a role in the body: the profile is saved and the customer is still not an admin', async () => {
    const response = await saveProfile(alice, alice.email, { ...validForm(), role: 'admin' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('role');
    const status = await injectAs(t.app, alice, { method: 'GET', url: `/api/admin/${alice.email}` });
    expect(status.json()).toEqual({ admin: false });
  });

  it('answers 400 JSON to a malformed JSON body', async () => {
    const response = await injectAs(t.app, alice, {
      method: 'PUT',
      url: `/api/profile/${alice.email}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"education": "BSc",',
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    // ARCHITECTURE §4 names 400's code 'invalid_input'; Fastify's own body errors are mapped to 'bad_request'.
    expect(response.json()).toMatchObject({
      error: { code: expect.stringMatching(/^(invalid_input|bad_request)$/), message: expect.any(String) },
    });
  });
});
