import { describe, expect, it } from 'vitest';
import { storefrontNotices } from '@toolshop/shared/storefront-notices';
import { useTestApp } from '../test/build-test-app';

// Pages nobody kept (a search never made before) are rendered in a bounded line (decision 035): two at a
// time, eight waiting (each for a second at most), two per client address. Everything asked at once here
// arrives before any rendering can finish (each reads the database first); the first asked is first served.
const t = useTestApp({ webApp: true });

let searches = 0;
const newSearch = (address: string) => {
  searches += 1;
  return t.app.inject({ url: `/tools?q=never-searched-${searches}`, remoteAddress: address });
};

describe('the line of page renderings', () => {
  it('answers a flood from one address 429 with Retry-After, while another address is served', async () => {
    const [bystander, ...flood] = await Promise.all([
      newSearch('192.0.2.50'),
      ...Array.from({ length: 10 }, () => newSearch('198.51.100.7')),
    ]);

    expect(bystander!.statusCode).toBe(200);
    const statuses = flood.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    // The address's own two: rendered (or, on a machine too slow to render one within the wait, told "busy").
    expect(statuses.filter((status) => status !== 429).every((status) => [200, 503].includes(status))).toBe(
      true,
    );
    const refused = flood.find((response) => response.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain(storefrontNotices.tooMany.text);
    // Its share back, the same address is served again.
    expect((await newSearch('198.51.100.7')).statusCode).toBe(200);
  });

  it("answers React Router's route discovery while its client's share of the line is taken", async () => {
    const address = '198.51.100.9';
    // Asked after the address's two renders have taken its share.
    const answers = await Promise.all([
      ...Array.from({ length: 2 }, () => newSearch(address)),
      t.app.inject({ url: '/__manifest?p=%2Ftools&version=x', remoteAddress: address }),
    ]);
    const discovery = answers.at(-1);

    expect(discovery!.statusCode).not.toBe(429);
  });

  it('tells the visitors beyond what the line holds to come back: 503 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => newSearch(`203.0.113.${index + 1}`)),
    );

    const statuses = answers.map((response) => response.statusCode);
    // Two rendering, eight waiting: at least the other ten are told at once.
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((status) => [200, 503].includes(status))).toBe(true);
    const refused = answers.find((response) => response.statusCode === 503)!;
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toContain(storefrontNotices.busy.text);
  });
});
