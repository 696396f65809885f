// The chunks and stylesheets each learner-side page needs beyond the entry's: written by the build
// (scripts/web/route-preloads.ts) beside the vite manifest, read by the server
// (src/server/http/client-shell.ts), which names them in the page it sends for that path.

/** Relative to the client build directory; build metadata, neither served nor precached. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Path ('/', '/login', '/userCenter/achievementQuery', ...) -> chunk and stylesheet URLs ('/assets/...'). */
export type RoutePreloads = Record<string, string[]>;
