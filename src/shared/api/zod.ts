// The one import of zod for shared and client code. Where it may, zod compiles object parsers with
// `new Function`, and merely probing for that is a Content-Security-Policy violation in a browser (the
// app's script-src has no 'unsafe-eval'): outside Node zod parses without compiling.
import { z } from 'zod';

z.config({ jitless: typeof globalThis.process?.versions?.node !== 'string' });

export { z };
