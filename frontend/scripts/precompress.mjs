// Post-build step of `npm run build`: writes a brotli (`.br`, quality 11) and a gzip (`.gz`,
// level 9) copy beside every compressible (text) file of `dist/`, so the server sends the smallest
// copy a browser accepts without compressing anything per request (crates/api/src/spa.rs). A copy
// is kept only when it is smaller than the file (not so for a few bytes). Node's own zlib: no
// extra dependency.
// Usage: node scripts/precompress.mjs [dist dir]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest']);

export function brotli(bytes) {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export function gzip(bytes) {
  return gzipSync(bytes, { level: 9 });
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the copies for every file of `dist`; returns what it compressed (bytes before and after). */
export function precompressDir(dist) {
  let count = 0;
  let raw = 0;
  let br = 0;
  let gz = 0;
  for (const path of [...files(dist)]) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    // `.vite/manifest.json` is build metadata, never served to browsers.
    if (relative(dist, path).startsWith('.vite')) continue;
    const bytes = readFileSync(path);
    const brotlied = brotli(bytes);
    const gzipped = gzip(bytes);
    if (brotlied.length < bytes.length) writeFileSync(`${path}.br`, brotlied);
    if (gzipped.length < bytes.length) writeFileSync(`${path}.gz`, gzipped);
    count += 1;
    raw += bytes.length;
    br += Math.min(brotlied.length, bytes.length);
    gz += Math.min(gzipped.length, bytes.length);
  }
  return { count, raw, br, gz };
}

function main() {
  const dist = resolve(process.argv[2] ?? join(root, 'dist'));
  const { count, raw, br, gz } = precompressDir(dist);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`precompressed ${count} files in ${relative(root, dist) || '.'}: ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
