import { zodResolver } from '@hookform/resolvers/zod';
import { config } from 'zod';

// Without this, zod probes whether `new Function` works the first time it checks an object; our CSP (no
// 'unsafe-eval') refuses, and the browser reports that refusal as an error even though zod falls back
// quietly. Set here, where every form gets its checks, rather than in the entry: pages without a form (the
// home page) do not download zod at all.
config({ jitless: true });

/** react-hook-form's resolver for a shared zod schema: every form of the shop checks its fields through it. */
export { zodResolver };
