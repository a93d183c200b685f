// The weight of the landing page (`/`) on first load, after `npm run build`: the JavaScript and
// CSS a browser fetches before the page shows — the entry (index.html's script and stylesheet),
// the landing route's chunk, every chunk they import statically and their CSS — read from Vite's
// build manifest (`dist/.vite/manifest.json`, graph walked by `scripts/landing-graph.mjs`).
// "Over the wire" is brotli, what the server sends a browser (the `.br` copies the build wrote).
//
// Usage: node scripts/landing-size.mjs [--check] [--json] [dist dir]
// Output (sizes in bytes): a header line, one line per file `<raw> <gzip> <brotli> <file>`, then
//   TOTAL files=<n> raw=<bytes> gzip=<bytes> br=<bytes>
//   landing first-load JS+CSS over the wire: <KB> KB brotli (<KB> KB gzip, <KB> KB raw; target <= 110 KB)
// --json prints one JSON object instead: { files: [{ file, raw, gzip, br }], total: { files, raw,
// gzip, br }, targetKb }. --check exits 1 when the brotli total is over the target
// (LANDING_LIMIT_KB, default 110).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { landingFirstLoad } from './landing-graph.mjs';
import { brotli, gzip } from './precompress.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dist = resolve(args.find((a) => !a.startsWith('--')) ?? join(root, 'dist'));
const LIMIT_KB = Number(process.env.LANDING_LIMIT_KB ?? 110);

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const { js, css } = landingFirstLoad(manifest);

/** The stored copy when the build wrote one (what is served), else computed the same way. */
function compressed(path, suffix, compress, bytes) {
  const stored = `${path}${suffix}`;
  const size = existsSync(stored) ? readFileSync(stored).length : compress(bytes).length;
  return Math.min(size, bytes.length);
}

const rows = [...js, ...css].map((file) => {
  const path = join(dist, file);
  const bytes = readFileSync(path);
  return { file, raw: bytes.length, gzip: compressed(path, '.gz', gzip, bytes), br: compressed(path, '.br', brotli, bytes) };
});
const total = rows.reduce((sum, row) => ({ files: sum.files + 1, raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, br: sum.br + row.br }), {
  files: 0,
  raw: 0,
  gzip: 0,
  br: 0,
});
const kb = (n) => (n / 1024).toFixed(1);

if (args.includes('--json')) {
  console.log(JSON.stringify({ files: rows, total, targetKb: LIMIT_KB }));
} else {
  console.log(`${'raw'.padStart(8)} ${'gzip'.padStart(8)} ${'brotli'.padStart(8)} file`);
  for (const row of rows) console.log(`${String(row.raw).padStart(8)} ${String(row.gzip).padStart(8)} ${String(row.br).padStart(8)} ${row.file}`);
  console.log(`TOTAL files=${total.files} raw=${total.raw} gzip=${total.gzip} br=${total.br}`);
  console.log(
    `landing first-load JS+CSS over the wire: ${kb(total.br)} KB brotli (${kb(total.gzip)} KB gzip, ${kb(total.raw)} KB raw; target <= ${LIMIT_KB} KB)`,
  );
}
if (args.includes('--check') && total.br / 1024 > LIMIT_KB) process.exit(1);
