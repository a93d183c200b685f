// Tests of scripts/import-graph.mjs on small trees written to a temporary folder: loops longer
// than a pair are found in Rust and TypeScript, module trees are followed from any root, and an
// acyclic tree passes. Run by `make lint` (`node --test scripts/import-graph.test.mjs`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'import-graph.mjs');

/** Writes `files` (path -> text) under a new temporary root, runs the check there. */
function run(files) {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const result = spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
    return { code: result.status, out: result.stdout + result.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const manifest = (name) => `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2024"\n`;

test('a loop of four Rust files is a failure, though no two of them import each other', () => {
  const { code, out } = run({
    'crates/x/Cargo.toml': manifest('x'),
    'crates/x/src/lib.rs': 'mod a;\nmod b;\nmod c;\nmod d;\n',
    'crates/x/src/a.rs': 'use crate::b::B;\npub struct A(B);\n',
    'crates/x/src/b.rs': 'pub struct B(crate::c::C);\n',
    'crates/x/src/c.rs': 'use super::d;\npub struct C(d::D);\n',
    'crates/x/src/d.rs': 'pub struct D(Box<crate::a::A>);\n',
  });
  assert.equal(code, 1, out);
  assert.match(out, /rust \(crates\/\): 5 files, 4 edges, 1 loop/);
  assert.match(out, /loop of 4 files/);
  for (const f of ['a', 'b', 'c', 'd']) assert.match(out, new RegExp(`crates/x/src/${f}\\.rs`));
});

test('a loop of three TypeScript files is a failure, through relative and aliased imports', () => {
  const { code, out } = run({
    'frontend/tsconfig.app.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }',
    'frontend/src/a.ts': "import { b } from './lib/b';\nexport const a = b + 1;\n",
    'frontend/src/lib/b.ts': "import type { C } from '@/lib/c';\nexport const b: C = 1;\n",
    'frontend/src/lib/c.tsx': "export type C = number;\nexport const lazy = () => import('../a.ts');\n",
  });
  assert.equal(code, 1, out);
  assert.match(out, /front end \(frontend\/src\): 3 files, 3 edges, 1 loop/);
  assert.match(out, /loop of 3 files/);
});

test('a loop among the support modules of a test binary is found from its main.rs', () => {
  const { code, out } = run({
    'crates/x/Cargo.toml': manifest('x'),
    'crates/x/src/lib.rs': 'pub fn f() {}\n',
    'crates/x/tests/it/main.rs': 'mod common;\nmod login;\n',
    'crates/x/tests/it/common/mod.rs': 'pub mod app;\npub use app::App;\n',
    'crates/x/tests/it/common/app.rs': 'pub struct App(crate::login::Session);\n',
    'crates/x/tests/it/login.rs': 'use crate::common;\npub struct Session;\nfn t(_: common::App) {}\n',
  });
  assert.equal(code, 1, out);
  assert.match(out, /loop of 3 files/);
  assert.match(out, /crates\/x\/tests\/it\/common\/app\.rs/);
  assert.match(out, /crates\/x\/tests\/it\/login\.rs/);
});

test('a #[path] module and a string with // in it do not hide a loop', () => {
  const { code, out } = run({
    'crates/x/Cargo.toml': manifest('x'),
    'crates/x/src/lib.rs': '',
    'crates/x/tests/one.rs': '#[path = "support/net.rs"]\nmod net;\nconst URL: &str = "https://example.com/v1";\nuse net::Addr;\npub struct Port;\n',
    'crates/x/tests/support/net.rs': 'pub struct Addr(crate::Port);\n',
  });
  assert.equal(code, 1, out);
  assert.match(out, /loop of 2 files/);
  assert.match(out, /crates\/x\/tests\/support\/net\.rs/);
});

test('two folders of crates/api/src that use each other fail, though no file loop closes', () => {
  const { code, out } = run({
    'crates/api/Cargo.toml': manifest('api'),
    'crates/api/src/lib.rs': 'pub mod a;\npub mod b;\n',
    'crates/api/src/a/mod.rs': 'pub mod top;\npub mod low;\n',
    'crates/api/src/a/top.rs': 'pub fn run() { crate::b::low::help(); }\n',
    'crates/api/src/a/low.rs': 'pub fn help() {}\n',
    'crates/api/src/b/mod.rs': 'pub mod top;\npub mod low;\n',
    'crates/api/src/b/top.rs': 'pub fn run() { crate::a::low::help(); }\n',
    'crates/api/src/b/low.rs': 'pub fn help() {}\n',
  });
  assert.equal(code, 1, out);
  assert.match(out, /rust \(crates\/\): 7 files, 2 edges, 0 loops/);
  assert.match(out, /folders of crates\/api\/src: 1 loop/);
  assert.match(out, /a -> b, through:\n\s+crates\/api\/src\/a\/top\.rs -> crates\/api\/src\/b\/low\.rs/);
});

test('an acyclic workspace and front end pass', () => {
  const { code, out } = run({
    'crates/x/Cargo.toml': manifest('x'),
    'crates/x/src/lib.rs': '//! Uses `crate::b` only in this comment.\nmod a;\nmod b;\npub use a::A;\n',
    // a child using its parent's other child, a test module using its own file, a string naming a path
    'crates/x/src/a.rs': 'use crate::b::B;\npub struct A(B);\nconst S: &str = "use crate::a::A; // not code";\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n',
    'crates/x/src/b.rs': "/* crate::a::A */\npub struct B(&'static str, char);\nconst Q: char = '\"';\n",
    'crates/x/examples/demo/main.rs': 'mod args;\nmod run;\nfn main() { run::go(args::parse()); }\n',
    'crates/x/examples/demo/args.rs': 'pub struct Args;\npub fn parse() -> Args { Args }\n',
    'crates/x/examples/demo/run.rs': 'use crate::args::Args;\npub fn go(_: Args) {}\n',
    'crates/x/tests/it/main.rs': 'mod common;\nmod login;\n',
    'crates/x/tests/it/common/mod.rs': 'mod db;\npub use db::Db;\n',
    'crates/x/tests/it/common/db.rs': 'pub struct Db;\n',
    'crates/x/tests/it/login.rs': 'use super::common::Db;\nfn t(_: Db) {}\n',
    'frontend/tsconfig.app.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }',
    'frontend/src/main.tsx': "// import { x } from './app';\nimport { app } from '@/app';\nimport './index.css';\nconst s = \"import y from './main'\";\nexport default [app, s, /'/];\n",
    'frontend/src/app.ts': "export const app = `${'from'} './main'`;\n",
    'frontend/src/index.css': '',
  });
  assert.equal(code, 0, out);
  assert.match(out, /rust \(crates\/\): 10 files, 7 edges, 0 loops \(3 module trees\)/);
  assert.match(out, /front end \(frontend\/src\): 2 files, 1 edge, 0 loops/);
});
