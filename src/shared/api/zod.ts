// The one import of zod for shared and client code. Where it may, zod compiles object parsers with
// `new Function`, and merely probing for that is a Content-Security-Policy violation in a browser (the
// app's script-src has no 'unsafe-eval'): outside Node zod parses without compiling.
import { z } from 'zod';

const inNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';
z.config({ jitless: !inNode });

export { z };
