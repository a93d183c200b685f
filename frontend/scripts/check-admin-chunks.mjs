// Proves that customers never download the operator console: builds the app in memory and fails
// if a chunk holding any code outside src/features/admin (the entry, a customer page, a shared
// chunk) statically imports, directly or through other chunks, a chunk holding console code or
// Recharts. The router's lazy import() of the console pages is the only way in, taken by admins.
// Run by `npm run check:chunks`.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const isAdmin = (id) => id.includes('/src/features/admin/');
const isCharts = (id) => id.includes('/node_modules/recharts/');

const result = await build({ root, logLevel: 'silent', build: { write: false } });
const chunks = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output).filter((item) => item.type === 'chunk');
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
const consoleCode = (chunk) => chunk.moduleIds.some((id) => isAdmin(id) || isCharts(id));
const customerCode = (chunk) => chunk.isEntry || chunk.moduleIds.some((id) => id.includes('/src/') && !isAdmin(id));

let failed = 0;
let checked = 0;
for (const chunk of chunks.filter(customerCode)) {
  checked += 1;
  if (consoleCode(chunk)) {
    failed += 1;
    console.error(`${chunk.fileName} mixes console code with customer code`);
    continue;
  }
  const seen = new Set();
  const queue = [...chunk.imports];
  while (queue.length > 0) {
    const name = queue.shift();
    if (seen.has(name)) continue;
    seen.add(name);
    const imported = byName.get(name);
    if (!imported) continue;
    if (consoleCode(imported)) {
      failed += 1;
      console.error(`${chunk.fileName} loads ${name}, which holds console code`);
    }
    queue.push(...imported.imports);
  }
}
const consoleChunks = chunks.filter(consoleCode).length;
if (failed > 0) process.exit(1);
console.log(`ok: ${checked} customer chunks load none of the ${consoleChunks} console chunks`);
