import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { toolPageSchema } from '@toolshop/shared/tool-filters';
import { CATALOGUE_TOPIC } from '../db/change-topics';
import { catalogueNameWords, tools } from '../db/schema';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

// Search that forgives typos and ranks by relevance (decision 056): full-text search with English stems,
// a name's words weighing more than a description's, and trigram similarity of the name for typos.
// Both engines.
const t = useTestApp({ seed: false });

const day = (n: number) => new Date(Date.UTC(2025, 0, n));

beforeAll(async () => {
  const catalogue = [
    ['Precision screwdriver set', '64 steel bits in a magnetic case.'],
    ['Magnetic project mat', 'Keeps the screws of each screwdriver step in teardown order.'],
    ['Digital multimeter', 'Auto-ranging meter with continuity buzzer.'],
    ['Multimeter test leads', 'Silicone leads with fine probes.'],
    ['60W soldering station', 'Ceramic heater with digital control.'],
    ['Solder wick', 'Braid that lifts old solder from pads.'],
    ['ESD-safe tweezers set', 'Five anti-magnetic tips for SMD parts.'],
    ['Hot air rework station', 'Adjustable airflow for desoldering chips.'],
    ['Thermal paste', 'Non-curing compound for CPU repastes.'],
    ['Flux pen', 'No-clean flux for solder joints.'],
  ];
  // Added oldest first, so that "newest first" lists them backwards: no order below is the insertion's.
  for (const [index, [name, description]] of catalogue.entries()) {
    await createTool(t.db, { name, description, createdAt: day(index + 1) });
  }
  await createTool(t.db, { name: 'Retired multimeter', deletedAt: day(20), createdAt: day(20) });
});

const search = async (query: string) => {
  const response = await t.app.inject({ url: `/api/tools?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return toolPageSchema.parse(response.json());
};
const found = async (q: string) =>
  (await search(`q=${encodeURIComponent(q)}`)).items.map((tool) => tool.name);

describe('searching the catalogue', () => {
  it.each([
    // English stems: the plural finds the singular, in a name before a description.
    ['screwdrivers', ['Precision screwdriver set', 'Magnetic project mat']],
    ['Screwdriver', ['Precision screwdriver set', 'Magnetic project mat']],
    // Typos find what a person means: "soldring" all that "soldering" finds, stemmed.
    ['multimetre', ['Digital multimeter', 'Multimeter test leads']],
    ['soldring', ['Solder wick', '60W soldering station', 'Flux pen']],
    ['tweezer', ['ESD-safe tweezers set']],
    ['thermal pate', ['Thermal paste']],
    // A name's word ranks above a description's.
    ['solder', ['Solder wick', '60W soldering station', 'Flux pen']],
    // Short words are no typo of a longer one.
    ['mat', ['Magnetic project mat']],
    // Part of a name, as a buyer types it.
    ['multi', ['Digital multimeter', 'Multimeter test leads']],
    ['station', ['60W soldering station', 'Hot air rework station']],
    // Nothing near: nothing found, rather than whatever is least far.
    ['wrench', []],
    ['oscilloscope', []],
  ])('"%s" finds %j, most relevant first', async (q, expected) => {
    expect(await found(q)).toEqual(expected);
  });

  // Each typo is corrected to the nearest word of a name (decision 065), so it finds what that word finds.
  it.each([
    ['multimetre', 'multimeter'],
    ['multimetro', 'multimeter'],
    ['soldring', 'soldering'],
    ['thermal pate', 'thermal paste'],
    ['tweezrs', 'tweezers'],
    ['hot air sttion', 'hot air station'],
  ])('"%s" finds what "%s" finds, in the same order', async (typo, word) => {
    expect(await found(typo)).toEqual(await found(word));
    expect(await found(word)).not.toEqual([]);
  });

  it('corrects towards the names in the catalogue only: a deleted or renamed tool’s words go', async () => {
    // Written straight into the table, and announced as a write through the API is (kept answers go).
    const write = async (values: Partial<typeof tools.$inferInsert>) => {
      await t.db.update(tools).set(values).where(eq(tools.id, probe.id));
      await t.app.services.changes.announce(t.db, CATALOGUE_TOPIC);
    };
    const probe = await createTool(t.db, { name: 'Oscilloscope probe', description: 'For signals.' });
    await t.app.services.changes.announce(t.db, CATALOGUE_TOPIC);
    expect(await found('osciloscope')).toEqual(['Oscilloscope probe']);
    await write({ name: 'Logic probe' });
    expect(await found('osciloscope')).toEqual([]);
    expect(await found('logik')).toEqual(['Logic probe']);
    await write({ deletedAt: new Date() });
    expect(await found('logik')).toEqual([]);
    // Gone from the words too, so that no later search is corrected towards them.
    const words = await t.db.select().from(catalogueNameWords);
    expect(words.map(({ word }) => word)).not.toContain('oscilloscope');
    expect(words.map(({ word }) => word)).not.toContain('logic');
    expect(words).toContainEqual({ word: 'multimeter', tools: 2 });
  });

  it('matches the words of a description as it is now written, and a change of stock leaves them', async () => {
    const vice = await createTool(t.db, { name: 'Bench vice', description: 'Holds boards firmly.' });
    const announce = () => t.app.services.changes.announce(t.db, CATALOGUE_TOPIC);
    await announce();
    expect(await found('firmly')).toEqual(['Bench vice']);
    await t.db.update(tools).set({ description: 'Clamps motherboards.' }).where(eq(tools.id, vice.id));
    await announce();
    expect(await found('firmly')).toEqual([]);
    expect(await found('clamps')).toEqual(['Bench vice']);
    // What every order writes (migration 0034: the words are no longer computed again for it).
    await t.db
      .update(tools)
      .set({ reserved: sql`${tools.reserved} + 1` })
      .where(eq(tools.id, vice.id));
    await announce();
    expect(await found('clamps')).toEqual(['Bench vice']);
    await t.db.update(tools).set({ deletedAt: new Date() }).where(eq(tools.id, vice.id));
    await announce();
  });

  it('orders a search by relevance unless asked for another sort, which it keeps', async () => {
    expect(await found('station')).toEqual(['60W soldering station', 'Hot air rework station']);
    const newest = await search('q=station&sort=date-desc');
    expect(newest.items.map((tool) => tool.name)).toEqual([
      'Hot air rework station',
      '60W soldering station',
    ]);
    expect(newest.total).toBe(2);
  });

  it('counts what a search finds on every page, and past the last one', async () => {
    expect(await search('q=station&limit=1&page=2')).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect((await search('q=station&limit=1&page=2')).items.map((tool) => tool.name)).toEqual([
      'Hot air rework station',
    ]);
    expect(await search('q=station&limit=1&page=3')).toEqual({ items: [], total: 2, page: 3, limit: 1 });
    expect(await search('q=wrench')).toMatchObject({ items: [], total: 0 });
  });

  it('without a search, relevance is the catalogue’s own order, newest first', async () => {
    const [relevance, newest] = await Promise.all([search('sort=relevance'), search('sort=date-desc')]);
    expect(relevance.items.map((tool) => tool.name)).toEqual(newest.items.map((tool) => tool.name));
    expect(relevance.items[0]!.name).toBe('Flux pen');
  });
});
