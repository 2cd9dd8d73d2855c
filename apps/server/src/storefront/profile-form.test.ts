import { describe, expect, it } from 'vitest';
import { paths } from '@toolshop/shared/paths';
import type { Profile } from '@toolshop/shared/profile';
import { ORIGIN, signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { postPageForm } from '../test/page-forms';
import { textOf } from '../test/page-text';

// SPEC's Update Profile as a browser sends it before the page's scripts have run: a urlencoded POST of the
// page itself, answered by its route action, which saves the profile through the API as the customer.
const t = useTestApp({ webApp: true, seed: false });

const postProfile = (account: TestAccount | null, fields: Record<string, string>, origin = ORIGIN) =>
  postPageForm(t.app, paths.updateProfile, fields, { origin, cookie: account?.cookie });

const profileOf = async (account: TestAccount) =>
  (
    await t.app.inject({
      url: `/api/profile/${encodeURIComponent(account.email)}`,
      headers: { cookie: account.cookie },
    })
  ).json<Profile>();

const filled = {
  education: 'BSc Electronics',
  location: 'Leeds',
  number: '0113 496 0000',
  linkedIn: 'https://www.linkedin.com/in/repair-bench',
};

/** The `<input>` named `name` in `html`, whatever the order of its attributes. */
const inputNamed = (html: string, name: string) =>
  new RegExp(`<input(?=[^>]*name="${name}")[^>]*>`).exec(html)?.[0] ?? '';

describe('Update Profile sent before the scripts run', () => {
  it('renders the saved profile in a form that posts to its page, its button enabled before the scripts', async () => {
    const customer = await signUp(t.app);
    expect((await postProfile(customer, filled)).statusCode).toBe(303);

    const page = await t.app.inject({ url: paths.updateProfile, headers: { cookie: customer.cookie } });

    expect(page.statusCode).toBe(200);
    const form = /<form[^>]* method="post"[^>]*>[\s\S]*?<\/form>/.exec(page.body)?.[0] ?? '';
    expect(inputNamed(form, 'education')).toContain('value="BSc Electronics"');
    expect(inputNamed(form, 'location')).toContain('value="Leeds"');
    expect(inputNamed(form, 'linkedIn')).toContain('value="https://www.linkedin.com/in/repair-bench"');
    expect(form).toMatch(/<button type="submit"(?![^>]*disabled)[^>]*>[\s\S]*Update/);
  });

  it("saves the customer's profile and goes to the dashboard", async () => {
    const customer = await signUp(t.app);

    const sent = await postProfile(customer, filled);

    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(paths.dashboard);
    expect(await profileOf(customer)).toMatchObject({ ...filled, img: null });
  });

  it('refuses a bad field with its words, keeping what was typed and saving nothing', async () => {
    const customer = await signUp(t.app);

    const sent = await postProfile(customer, { ...filled, education: ' ', linkedIn: 'not a link' });

    expect(sent.statusCode).toBe(400);
    expect(textOf(sent.body)).toContain('Education is Required');
    expect(textOf(sent.body)).toContain('Provide a valid link (https://…)');
    expect(inputNamed(sent.body, 'location')).toContain('value="Leeds"');
    expect(inputNamed(sent.body, 'linkedIn')).toContain('value="not a link"');
    expect(await profileOf(customer)).toMatchObject({ education: null, linkedIn: null });
  });

  it('saves nothing for a visitor who is not signed in, or for a form another site sends', async () => {
    const customer = await signUp(t.app);

    const signedOut = await postProfile(null, filled);
    const forged = await postProfile(customer, filled, 'https://elsewhere.example');

    expect(signedOut.statusCode).toBeGreaterThanOrEqual(300);
    expect(signedOut.statusCode).toBeLessThan(500);
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    expect(await profileOf(customer)).toMatchObject({ education: null, location: null });
  });
});
