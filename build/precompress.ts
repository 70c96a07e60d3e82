import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Logger, Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing. woff2 and images are compressed already; a second pass only costs. */
export const COMPRESSIBLE = /\.(js|css|svg|json|html|woff)$/;

/** Below this a compressed copy saves less than a packet, and the server sends the file as it is. */
export const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside `file`, at the highest levels (this runs once per build, not per
 * request). Files under MIN_BYTES are left alone.
 */
export async function precompressFile(file: string): Promise<{ raw: number; br: number; gz: number } | null> {
  const raw = await readFile(file);
  if (raw.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

/**
 * Compresses the build's text assets ahead of time, brotli and gzip, so that the server sends the right copy
 * for each browser's Accept-Encoding (@fastify/static's `preCompressed`) without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = "";
  let logger: Logger | undefined;
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle)
        .map((item) => item.fileName)
        .filter((fileName) => COMPRESSIBLE.test(fileName))
        .map((fileName) => path.join(outDir, fileName));
      let raw = 0;
      let br = 0;
      let count = 0;
      await Promise.all(
        files.map(async (file) => {
          const sizes = await precompressFile(file);
          if (!sizes) return;
          raw += sizes.raw;
          br += sizes.br;
          count += 1;
        }),
      );
      logger?.info(
        `precompressed ${count} files: ${(raw / 1000).toFixed(1)} kB -> ${(br / 1000).toFixed(1)} kB brotli (.br and .gz beside each)`,
      );
    },
  };
}
