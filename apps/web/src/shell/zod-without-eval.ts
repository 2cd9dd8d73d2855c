// The page's Content-Security-Policy allows no eval (decision 035). Left to itself, zod probes `new Function`
// as each object schema is built, to compile faster parsers; the browser refuses and files the refusal as a
// page issue (Lighthouse's best practices). zod takes its settings from this global and creates it only when
// it is absent, so setting it here costs the pages without a form no download of zod. The root route
// imports this module first: React Router's page script evaluates root's imports before any other route's,
// so no schema is built before it runs. The browser parses little; zod's interpreted parsers do.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

// A module (not a script) so that importing it for its effect type-checks.
export {};
