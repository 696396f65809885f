// The entry. Mantine's global styles come first (each component's come with its code:
// scripts/web/mantine-styles.ts). The start-up code is evaluated in two tasks instead of one long one
// (issue 4): React with Mantine's core first, then the app's state and start (start.tsx). The build names
// their chunks in index.html (BOOT_MODULES in scripts/web/lazy-modules.ts), so they download with the entry.
import 'virtual:mantine-styles';
import { yieldToBrowser } from './lib/dom/yield.ts';

void import('react').then(yieldToBrowser).then(() => import('./start.tsx'));
