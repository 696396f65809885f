// The one import of zod for shared and client code. Where it may, zod compiles object parsers with
// `new Function`, and merely probing for that is a Content-Security-Policy violation in a browser (the
// app's script-src has no 'unsafe-eval'): outside Node zod parses without compiling.
// `config` is called by its own name: production builds declare `z.` calls pure (vite.config.ts), which
// would drop `z.config(...)` as unused.
import { config, z } from 'zod';

// Read through globalThis: this module is also compiled for the service worker, which has no Node types.
const runtime = globalThis as { process?: { versions?: { node?: string } } };
const inNode = typeof runtime.process?.versions?.node === 'string';
config({ jitless: !inNode });

export { z };
