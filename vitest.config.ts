import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { i18nTables } from './scripts/i18n/vite-plugin.ts';

const UNIT_DIR = 'tests/unit';
const isUnitTest = (file: string) => /\.test\.tsx?$/.test(file);

// Unit test files share one module graph per worker (isolate: false): importing React, Mantine and the app
// once per worker instead of once per file halves the stage. A file that replaces a module with vi.mock
// needs a fresh graph (another file may already hold the real module), so those run isolated.
const MOCKING_FILES = (fs.readdirSync(UNIT_DIR, { recursive: true }) as string[])
  .filter(isUnitTest)
  .map((file) => path.posix.join(UNIT_DIR, file.split(path.sep).join('/')))
  .filter((file) => /\bvi\.mock\(/.test(fs.readFileSync(file, 'utf8')))
  .sort();

const UNIT_BASE = {
  environment: 'jsdom',
  setupFiles: ['tests/helpers/unit-setup.ts'],
  // Rendering Mantine pages in jsdom takes seconds on a loaded 2-core CI machine.
  testTimeout: 20_000,
};

export default defineConfig({
  test: {
    // Both cores: vitest's default in a run is one worker fewer than the cores, which is one here.
    maxWorkers: 2,
    projects: [
      {
        plugins: [react(), i18nTables()],
        test: {
          ...UNIT_BASE,
          name: 'unit',
          include: [`${UNIT_DIR}/**/*.test.{ts,tsx}`],
          exclude: MOCKING_FILES,
          isolate: false,
        },
      },
      {
        plugins: [react(), i18nTables()],
        test: { ...UNIT_BASE, name: 'unit-mocks', include: MOCKING_FILES },
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
          // Each file starts its own app over its own copy of the database; the server's modules load once per
          // worker instead of once per file (the stage took 497 s isolated, 205 s shared). Module state must
          // therefore never hold one database's rows (see the paper shapes in src/server/exams/service.ts).
          isolate: false,
        },
      },
    ],
  },
});
