// Zod 4 compiles each object schema's parser with `new Function`, and probes whether it may when it builds
// the first one. The shop's Content-Security-Policy allows no eval (decision 035), so in the browser that
// probe was a policy violation Chromium reports as an issue (Lighthouse best practices 96 on every page).
// The browser validates a few forms: zod's plain parser is fast enough there. Zod keeps its settings in
// this global, made before or after zod loads: set here without importing zod, which stays off the pages
// that need none (decision 031). Imported first by the root, so before any schema is built; the server
// keeps compiled parsers for the API (decision 061).

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

if (typeof document !== 'undefined') (globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
