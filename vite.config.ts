import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfo, buildInfoDefines, pwaPlugins } from './scripts/pwa/vite-plugins.ts';

// PWA (issue 4): service worker, web app manifest, version.json; one version string per build.
const build = buildInfo();

export default defineConfig({
  plugins: [react(), ...pwaPlugins(build)],
  define: buildInfoDefines(build),
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        // Mantine ships "use client" directives that bundlers report by the hundred (STACK.md trap 4).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
