// The build's text files leave the build already compressed: beside each one a `.br` (brotli, best
// quality) and a `.gz` (gzip, best level), which the server sends as they are (`preCompressed` in
// src/server/app.ts). Compressing at request time cost the server about 600 ms of CPU for the service
// worker's precache download of a first visit, on the same cores the phone-sized page renders on, and
// brotli at request time runs at a fast, weaker level. Runs after every other step of the build (the
// service worker is written in closeBundle), so nothing is written after its compressed copies.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text the browser asks for. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ico)$/;
/** Below this a compressed copy saves less than its headers cost (as @fastify/compress's threshold). */
export const PRECOMPRESS_MIN_BYTES = 1024;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** The build's metadata directory (route preloads, the server-only first-paint modules): never served. */
const METADATA_DIR = '.vite';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => path.relative(dir, file).split(path.sep)[0] !== METADATA_DIR);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that is large enough,
 * each only where it is smaller than the file itself (else the server sends the file).
 */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.readFile(file);
      if (source.length < PRECOMPRESS_MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
      summary.files += 1;
      summary.bytes += source.length;
      summary.brotliBytes += Math.min(br.length, source.length);
    }),
  );
  return summary;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'skills-platform:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error) {
        if (error || config.build.ssr) return;
        await precompressDir(path.resolve(config.root, config.build.outDir));
      },
    },
  };
}
