// The landing page (`/`) stays light: built in memory with the project's Vite configuration, its
// first load (scripts/landing-graph.mjs, from the build manifest) holds no form, schema, dashboard,
// account, wallet or console code and no other page; and the build's precompressed copies
// (scripts/precompress.mjs) decode to the files they stand for.
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING, landingFirstLoad } from './landing-graph.mjs';
import { precompressDir } from './precompress.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Code the landing must not load: forms and their schemas, signed-in screens, other pages. */
const FORBIDDEN = [
  /node_modules[\\/](zod|react-hook-form|@hookform|recharts|qrcode-generator|sonner)[\\/]/,
  /src[\\/]features[\\/](auth|dashboard|account|admin|wallet|pieces|residential)[\\/]/,
  /src[\\/].*schemas\.tsx?$/,
  /src[\\/]components[\\/]ui[\\/](field|select-field|code-input|dialog|confirm-dialog|data-table)\.tsx$/,
  /src[\\/]lib[\\/](form-rules|apply-field-errors)\.ts$/,
  /src[\\/]app[\\/]routes[\\/]/,
  /src[\\/]features[\\/]marketing[\\/]routes[\\/](?!landing\.tsx$)/,
];

describe('the landing first load', () => {
  let chunks;
  let manifest;

  beforeAll(async () => {
    const result = await build({ root, logLevel: 'silent', build: { write: false } });
    const output = (Array.isArray(result) ? result : [result]).flatMap((o) => o.output);
    chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
    const asset = output.find((item) => item.fileName === '.vite/manifest.json');
    manifest = JSON.parse(String(asset.source));
  }, 120_000);

  it('loads no form, schema, dashboard or other page code', () => {
    const { js } = landingFirstLoad(manifest);
    const modules = js.flatMap((file) => chunks.get(file).moduleIds);
    expect(modules.some((id) => id.endsWith(LANDING))).toBe(true);
    expect(modules.some((id) => /node_modules[\\/]react-dom[\\/]/.test(id))).toBe(true);
    const loaded = modules.filter((id) => FORBIDDEN.some((pattern) => pattern.test(id)));
    expect(loaded).toEqual([]);
  });

  it('is told apart from the rest: the forbidden code exists in chunks of its own', () => {
    const { js } = landingFirstLoad(manifest);
    const elsewhere = [...chunks.values()]
      .filter((chunk) => !js.includes(chunk.fileName))
      .flatMap((chunk) => chunk.moduleIds);
    for (const needle of ['node_modules/zod/', 'node_modules/react-hook-form/', 'src/features/dashboard/', 'src/features/auth/schemas.ts']) {
      expect(elsewhere.some((id) => id.replaceAll('\\', '/').includes(needle)), needle).toBe(true);
    }
  });
});

describe('precompressed copies', () => {
  let dir;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies that decode to the file, and none that would not be smaller, nor for binary or build files', () => {
    const script = 'export function f(a){return a.map(x=>x*2).filter(Boolean)}\n'.repeat(40);
    writeFileSync(join(dir, 'assets/app-1a2b.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><body>${'<p>ProxyShop</p>'.repeat(40)}</body></html>`);
    writeFileSync(join(dir, 'assets/tiny.js'), 'x()');
    writeFileSync(join(dir, 'assets/photo.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify({ a: 'b'.repeat(1000) }));

    const result = precompressDir(dir);

    expect(result.count).toBe(3);
    const js = readFileSync(join(dir, 'assets/app-1a2b.js'));
    const br = readFileSync(join(dir, 'assets/app-1a2b.js.br'));
    const gz = readFileSync(join(dir, 'assets/app-1a2b.js.gz'));
    expect(brotliDecompressSync(br).equals(js)).toBe(true);
    expect(gunzipSync(gz).equals(js)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gunzipSync(readFileSync(join(dir, 'index.html.gz'))).toString()).toContain('ProxyShop');
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual(['app-1a2b.js', 'app-1a2b.js.br', 'app-1a2b.js.gz', 'photo.png', 'tiny.js']);
    expect(readdirSync(join(dir, '.vite'))).toEqual(['manifest.json']);
  });
});
