import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nTables } from './scripts/i18n/vite-plugin.ts';

export default defineConfig({
  test: {
    // Both cores: vitest's default in a run is one worker fewer than the cores, which is one here.
    maxWorkers: 2,
    projects: [
      {
        plugins: [react(), i18nTables()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/unit-setup.ts'],
          // Rendering Mantine pages in jsdom takes seconds on a loaded 2-core CI machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
