import { AUTH_ERROR_COMPONENT, authErrorComponent, authPaths } from './api-auth-operations';

/** The document-wide part of the OpenAPI document: paths, parameters, tags, components (decision 041). */

type JsonObject = Record<string, unknown>;
type Operation = JsonObject & { parameters?: JsonObject[] };
type PathItem = Record<string, Operation>;

export const TAGS = [
  {
    name: 'auth',
    description: 'Sign up, confirm the address, sign in and out, reset a password (Better Auth)',
  },
  { name: 'tools', description: 'The catalogue' },
  { name: 'categories', description: 'The catalogue’s categories' },
  { name: 'cart', description: 'The cart of a signed-in account or a visitor (cookie), and checking it out' },
  { name: 'orders', description: 'Placing, reading, cancelling and delivering orders' },
  { name: 'payments', description: 'Paying an order: the demo processor or Stripe' },
  { name: 'reviews', description: 'Customers’ reviews of the shop' },
  { name: 'product reviews', description: 'Buyers’ ratings and reviews of each tool, helpful votes, hiding' },
  { name: 'users', description: 'Accounts, roles and API tokens' },
  { name: 'profiles', description: 'Customers’ profiles' },
  { name: 'images', description: 'Uploading and serving images' },
  { name: 'admin', description: 'The back office: overview and activity log' },
  { name: 'site', description: 'Public settings of this shop' },
  { name: 'health', description: 'Liveness and database reachability' },
];

/** What each path parameter name stands for, wherever it appears. */
const PATH_PARAMETERS: Record<string, JsonObject> = {
  // An address always has an @: no e-mail URL is also a concrete path (/order/export.csv, /admin/overview).
  email: { description: 'An account’s e-mail address', schema: { type: 'string', format: 'email' } },
  id: { description: 'A record’s id (a UUID)' },
  toolId: { description: 'The id of a cart line’s tool (a UUID)' },
  file: { description: 'An image’s file name: `<id>.webp`, as POST /uploads answered it' },
};

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const namesIn = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

function describeParameters(operation: Operation, rename: (name: string) => string): Operation {
  if (!operation.parameters) return operation;
  const parameters = operation.parameters.map((parameter) => {
    if (parameter.in !== 'path') return parameter;
    const meaning = PATH_PARAMETERS[parameter.name as string] ?? {};
    const schema = { ...(parameter.schema as JsonObject), ...(meaning.schema as JsonObject) };
    return { ...parameter, ...meaning, schema, name: rename(parameter.name as string) };
  });
  return { ...operation, parameters };
}

/**
 * Paths that differ only in their parameters' names (`/order/{email}` for GET, `/order/{id}` for DELETE)
 * are one template to OpenAPI: they become one path whose parameter is named for both (`{emailOrId}`),
 * each operation keeping its own description of it. The server's routes are unchanged.
 */
export function mergeEquivalentPaths(paths: Record<string, PathItem>): Record<string, PathItem> {
  const byTemplate = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const template = path.replace(/\{[^}]+\}/g, '{}');
    byTemplate.set(template, [...(byTemplate.get(template) ?? []), path]);
  }
  const merged: Record<string, PathItem> = {};
  for (const [template, group] of byTemplate) {
    const names = group.map(namesIn);
    const joined = names[0]!.map((_, index) =>
      [...new Set(names.map((each) => each[index]!))]
        .map((name, nth) => (nth ? capitalise(name) : name))
        .join('Or'),
    );
    let position = 0;
    const path = template.replace(/\{\}/g, () => `{${joined[position++]}}`);
    merged[path] = {};
    group.forEach((original, nth) => {
      const rename = (name: string) => joined[names[nth]!.indexOf(name)] ?? name;
      for (const [method, operation] of Object.entries(paths[original]!)) {
        merged[path]![method] = describeParameters(operation, rename);
      }
    });
  }
  return merged;
}

/** Drops component schemas nothing refers to (fastify-type-provider-zod emits an input and an output twin). */
function usedSchemas(document: JsonObject): JsonObject {
  const components = document.components as { schemas?: Record<string, unknown> };
  const all = components.schemas ?? {};
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1]!,
    );
  const used = new Set(refsIn({ ...document, components: { ...components, schemas: {} } }));
  for (let grew = true; grew;) {
    grew = false;
    for (const name of [...used]) {
      for (const ref of refsIn(all[name])) {
        if (!used.has(ref)) grew = used.add(ref) !== undefined;
      }
    }
  }
  return Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
}

/** The whole document, from what @fastify/swagger and fastify-type-provider-zod assembled. */
export function finishDocument(spec: JsonObject): JsonObject {
  const apiPaths = Object.fromEntries(
    Object.entries((spec.paths ?? {}) as Record<string, PathItem>).map(([route, item]) => [
      // Paths are relative to the /api server entry.
      route.replace(/^\/api/, ''),
      item,
    ]),
  );
  const components = spec.components as JsonObject & { schemas?: JsonObject };
  const document: JsonObject = {
    ...spec,
    tags: TAGS,
    paths: { ...authPaths(), ...mergeEquivalentPaths(apiPaths) },
    components: {
      ...components,
      schemas: { ...components.schemas, [AUTH_ERROR_COMPONENT]: authErrorComponent() },
    },
  };
  return {
    ...document,
    components: { ...(document.components as JsonObject), schemas: usedSchemas(document) },
  };
}
