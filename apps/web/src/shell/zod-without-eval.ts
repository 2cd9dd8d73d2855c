import { config } from 'zod/v4/core';

// The page's Content-Security-Policy allows no eval (decision 035). Left to itself, zod probes `new Function`
// as each object schema is built, to compile faster parsers; the browser refuses and files the refusal as a
// page issue (Lighthouse's best practices). The browser parses little, so zod's interpreted parsers do. The
// root route imports this module first: React Router's page script evaluates root's imports before every
// other route's, so no schema of ours is built before this runs.
config({ jitless: true });
