// Measures the first-load JavaScript of `/` (gzip): the entry chunk, the landing route chunk and
// every chunk they import statically, read from Vite's build manifest. Target: <= 120 KB.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const LANDING = 'src/features/marketing/routes/landing.tsx';
const LIMIT_KB = Number(process.env.LANDING_JS_LIMIT_KB ?? 120);

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
}
visit('index.html');
visit(LANDING);
if (!manifest[LANDING]) throw new Error(`${LANDING} is not in the manifest`);

let raw = 0;
let gzip = 0;
for (const file of [...files].sort()) {
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  console.log(`${(zipped / 1024).toFixed(1).padStart(7)} KB gz  ${file}`);
}
const gzipKb = gzip / 1024;
console.log(`landing first-load JS: ${files.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${gzipKb.toFixed(1)} KB gzip (target <= ${LIMIT_KB} KB)`);
if (gzipKb > LIMIT_KB) process.exit(1);
