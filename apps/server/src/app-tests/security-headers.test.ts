import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityPlugin, type SecurityOptions } from '../plugins/external/security';
import { useTestApp } from '../test/build-test-app';

const t = useTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example.com' } });

/** The headers of a bare app with only the security plugin, as configured. */
async function headersWith(options: SecurityOptions) {
  const app = Fastify();
  await app.register(securityPlugin, options);
  app.get('/api/x', async () => ({ ok: true }));
  const { headers } = await app.inject({ url: '/api/x' });
  await app.close();
  return headers;
}

const permissionsOf = (policy: unknown) =>
  new Map(
    String(policy)
      .split(', ')
      .map((rule) => rule.split('=') as [string, string]),
  );

describe('Permissions-Policy', () => {
  it('denies the features the shop does not use, payment included, in demo mode', async () => {
    const policy = permissionsOf((await t.app.inject({ url: '/api/health' })).headers['permissions-policy']);

    for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'payment']) {
      expect(policy.get(feature), feature).toBe('()');
    }
  });

  it("allows payment only to the shop and Stripe's frames in Stripe mode", async () => {
    const policy = permissionsOf((await headersWith({ stripe: true, https: false }))['permissions-policy']);

    expect(policy.get('payment')).toBe('(self "https://js.stripe.com" "https://hooks.stripe.com")');
    expect(policy.get('camera')).toBe('()');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent for a year, subdomains included, when PUBLIC_URL is https://', async () => {
    const response = await t.app.inject({ url: '/api/health' });

    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent by a shop served over plain http', async () => {
    expect((await headersWith({ stripe: false, https: false }))['strict-transport-security']).toBeUndefined();
  });
});
