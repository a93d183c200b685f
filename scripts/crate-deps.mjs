#!/usr/bin/env node
// The dependency rule between the workspace's crates (ARCHITECTURE.md, "Code map"), checked from
// `cargo metadata`:
//
// - each workspace crate depends (normal and build dependencies; dev-dependencies are the tests'
//   and not checked) only on the workspace crates `ALLOWED` lists for it, and a workspace crate
//   missing from `ALLOWED` fails the check until its place is decided;
// - `app`, the application layer, has no `actix-*` crate anywhere in its normal and build
//   dependency tree (directly or through another crate).
//
//   node scripts/crate-deps.mjs             check, print a summary, exit 1 on a breach
//   node scripts/crate-deps.mjs --root DIR  check another checkout
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Which workspace crates each workspace crate may use. */
export const ALLOWED = {
  domain: [],
  persistence: ['domain'],
  upstream: ['domain'],
  gateway: ['domain', 'persistence', 'upstream'],
  app: ['domain', 'persistence', 'upstream'],
  api: ['domain', 'persistence', 'upstream', 'app'],
  server: ['domain', 'persistence', 'upstream', 'gateway', 'app', 'api'],
};

/** The crates whose whole dependency tree must be free of `FORBIDDEN_PREFIX` crates. */
export const NO_HTTP_FRAMEWORK = ['app'];
export const FORBIDDEN_PREFIX = 'actix';

/** Whether a `cargo metadata` dependency kind counts (normal is `null`). */
const counts = (kind) => kind === null || kind === 'build';

/** Breaches of `ALLOWED` in the metadata's workspace packages, as sentences. */
export function ruleBreaches(metadata, allowed = ALLOWED) {
  const members = new Set(metadata.workspace_members);
  const workspace = metadata.packages.filter((p) => members.has(p.id));
  const names = new Set(workspace.map((p) => p.name));
  const breaches = [];
  for (const pkg of workspace) {
    const may = allowed[pkg.name];
    if (!may) {
      breaches.push(`${pkg.name}: not in the dependency rule (scripts/crate-deps.mjs ALLOWED)`);
      continue;
    }
    for (const dep of pkg.dependencies) {
      if (!names.has(dep.name) || !counts(dep.kind)) continue;
      if (!may.includes(dep.name)) {
        breaches.push(`${pkg.name} depends on ${dep.name}, which it may not`);
      }
    }
  }
  return breaches;
}

/** The `FORBIDDEN_PREFIX` crates in the normal and build dependency tree of each crate of `roots`,
 * each with the path that brings it in. */
export function frameworkBreaches(metadata, roots = NO_HTTP_FRAMEWORK) {
  const byId = new Map(metadata.packages.map((p) => [p.id, p]));
  const nodes = new Map(metadata.resolve.nodes.map((n) => [n.id, n]));
  const members = new Set(metadata.workspace_members);
  const breaches = [];
  for (const root of roots) {
    const start = metadata.packages.find((p) => p.name === root && members.has(p.id));
    if (!start) continue;
    const via = new Map([[start.id, null]]);
    const queue = [start.id];
    while (queue.length > 0) {
      const id = queue.shift();
      for (const dep of nodes.get(id)?.deps ?? []) {
        if (!dep.dep_kinds.some((k) => counts(k.kind))) continue;
        if (via.has(dep.pkg)) continue;
        via.set(dep.pkg, id);
        queue.push(dep.pkg);
      }
    }
    for (const id of via.keys()) {
      const pkg = byId.get(id);
      if (!pkg || !pkg.name.startsWith(FORBIDDEN_PREFIX)) continue;
      const path = [];
      for (let at = id; at !== null; at = via.get(at)) path.unshift(byId.get(at)?.name ?? at);
      breaches.push(`${root} depends on ${pkg.name} (${path.join(' → ')})`);
    }
  }
  return breaches;
}

function metadata(root, extra) {
  const out = execFileSync(
    process.env.CARGO ?? 'cargo',
    ['metadata', '--format-version', '1', ...extra],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(out);
}

/** The platform `rustc` builds for here, e.g. `x86_64-unknown-linux-gnu`. */
function hostTriple() {
  const info = execFileSync(process.env.RUSTC ?? 'rustc', ['-vV'], { encoding: 'utf8' });
  const host = info.split('\n').find((line) => line.startsWith('host: '));
  if (!host) throw new Error('rustc -vV names no host');
  return host.slice('host: '.length).trim();
}

function main(argv) {
  const at = argv.indexOf('--root');
  const root = resolve(at >= 0 ? argv[at + 1] : '.');
  const rule = ruleBreaches(metadata(root, ['--no-deps']));
  // Only this machine's platform: the whole resolve would fetch every other platform's crates.
  const framework = frameworkBreaches(metadata(root, ['--filter-platform', hostTriple()]));
  for (const breach of [...rule, ...framework]) console.error(`crate-deps: ${breach}`);
  const total = rule.length + framework.length;
  console.log(
    `crate-deps: ${Object.keys(ALLOWED).length} crates in the rule, ` +
      `${total} breach${total === 1 ? '' : 'es'} (no ${FORBIDDEN_PREFIX}-* under ${NO_HTTP_FRAMEWORK.join(', ')})`,
  );
  return total === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(main(process.argv.slice(2)));
}
