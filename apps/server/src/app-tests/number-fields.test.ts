import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@toolshop/shared/messages';
import { RATINGS_REQUIRED } from '@toolshop/shared/review';
import { injectAs, signUpAdmin, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { createTool } from '../test/catalogue';

const t = useTestApp({ seed: false });

let admin: TestAccount;
let toolId: string;
beforeAll(async () => {
  admin = await signUpAdmin(t.app);
  toolId = (await createTool(t.db)).id;
});

const product = {
  name: 'Spudger',
  price: 5,
  availableQuantity: 10,
  minimumOrder: 1,
  description: 'Opens cases.',
  img: '/images/tools/thermal-paste.svg',
};

/** Every number field a client writes: its call, a valid body, and SPEC's message for a missing value. */
const NUMBER_FIELDS = [
  {
    field: 'price',
    method: 'POST',
    url: () => '/api/tools',
    body: () => product,
    missing: messages.priceRequired,
  },
  {
    field: 'availableQuantity',
    method: 'POST',
    url: () => '/api/tools',
    body: () => product,
    missing: messages.availableQuantityRequired,
  },
  {
    field: 'minimumOrder',
    method: 'PUT',
    url: () => `/api/tools/${toolId}`,
    body: () => product,
    missing: messages.minimumOrderRequired,
  },
  {
    field: 'restAvailableQuantity',
    method: 'PATCH',
    url: () => `/api/tools/${toolId}`,
    body: () => ({ restAvailableQuantity: 5 }),
    missing: messages.availableQuantityRequired,
  },
  {
    field: 'ratings',
    method: 'POST',
    url: () => '/api/review',
    body: () => ({ ratings: 4, description: 'Good.' }),
    missing: RATINGS_REQUIRED,
  },
  {
    field: 'quantity',
    method: 'POST',
    url: () => '/api/order',
    body: () => ({ toolId, quantity: 1, address: 'Dock 1' }),
    missing: messages.quantityError,
  },
] as const;

async function fieldMessage(row: (typeof NUMBER_FIELDS)[number], value: unknown) {
  const response = await injectAs(t.app, admin, {
    method: row.method,
    url: row.url(),
    payload: { ...row.body(), [row.field]: value },
  });
  expect(response.statusCode, response.body).toBe(400);
  return response.json().error.fields[`body.${row.field}`];
}

describe('a number field sent with another type', () => {
  it.each(NUMBER_FIELDS)('$method $field: "4" is answered "Must be a number"', async (row) => {
    expect(await fieldMessage(row, '4')).toBe(messages.mustBeNumber);
  });

  it.each(NUMBER_FIELDS)("$method $field: a missing value keeps SPEC's message", async (row) => {
    expect(await fieldMessage(row, undefined)).toBe(row.missing);
    expect(await fieldMessage(row, null)).toBe(row.missing);
  });
});
