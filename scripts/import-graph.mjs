#!/usr/bin/env node
// The file-level import graph of the Rust crates: which source file refers to which other file of
// the same crate (`use crate::…`, `use super::…`, `child::…` paths). Fails when two files refer to
// each other, so modules stay layered inside a crate as the crates are layered in the workspace.
//
//   node scripts/import-graph.mjs            check crates/, print a summary, exit 1 on a pair
//   node scripts/import-graph.mjs --edges    also print every edge
//   node scripts/import-graph.mjs --root DIR check another checkout's crates/
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const args = process.argv.slice(2);
const root = args.includes('--root') ? args[args.indexOf('--root') + 1] : process.cwd();
const printEdges = args.includes('--edges');
const cratesDir = join(root, 'crates');

function rustFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...rustFiles(path));
    else if (name.endsWith('.rs')) out.push(path);
  }
  return out;
}

// A file's module path inside its crate: src/lib.rs -> [], src/a/mod.rs -> [a], src/a/b.rs -> [a, b].
function modulePath(srcDir, file) {
  const parts = relative(srcDir, file).split(sep);
  const last = parts.pop().replace(/\.rs$/, '');
  if (last !== 'mod' && !(parts.length === 0 && (last === 'lib' || last === 'main'))) parts.push(last);
  return parts;
}

// Comments and string literals never import anything.
function stripNoise(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/r#*"[\s\S]*?"#*/g, '""')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

// Expands `use a::{b, c::{d, e}}` into full paths [a::b, a::c::d, a::c::e].
function expandUse(tree) {
  tree = tree.replace(/\s+as\s+\w+/g, '').replace(/\s+/g, '');
  const brace = tree.indexOf('{');
  if (brace < 0) return [tree.replace(/::\*$/, '')];
  const prefix = tree.slice(0, brace);
  const inner = tree.slice(brace + 1, tree.lastIndexOf('}'));
  const items = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '{') depth++;
    else if (inner[i] === '}') depth--;
    else if (inner[i] === ',' && depth === 0) {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return items.filter(Boolean).flatMap((item) => expandUse(prefix + item));
}

// Inline modules (`mod tests { … }`) as [start, end, name] spans, so that `super::` inside them
// resolves from the inline module, not from the file.
function inlineModules(text) {
  const spans = [];
  for (const m of text.matchAll(/\bmod\s+([a-z_][a-z0-9_]*)\s*\{/g)) {
    let depth = 0;
    let i = m.index + m[0].length - 1;
    for (; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) break;
    }
    spans.push([m.index, i, m[1]]);
  }
  return spans;
}

// Every path a file mentions that may name a module of its crate, with the inline modules
// enclosing the place it is mentioned.
function pathsIn(text) {
  const spans = inlineModules(text);
  const enclosing = (at) => spans.filter(([a, b]) => a < at && at < b).map(([, , name]) => name);
  const paths = [];
  for (const m of text.matchAll(/\buse\s+([^;]+);/g)) {
    for (const path of expandUse(m[1])) paths.push([path, enclosing(m.index)]);
  }
  const withoutUses = text.replace(/\buse\s+[^;]+;/g, (u) => ' '.repeat(u.length));
  for (const m of withoutUses.matchAll(/\b(?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+/g)) {
    paths.push([m[0], enclosing(m.index)]);
  }
  return paths;
}

const pairs = [];
let edgeCount = 0;
let fileCount = 0;
for (const crate of readdirSync(cratesDir).sort()) {
  const srcDir = join(cratesDir, crate, 'src');
  if (!existsSync(srcDir)) continue;
  const files = rustFiles(srcDir);
  fileCount += files.length;
  const byModule = new Map(files.map((f) => [modulePath(srcDir, f).join('::'), f]));
  const edges = new Map();
  for (const file of files) {
    const here = modulePath(srcDir, file);
    const text = stripNoise(readFileSync(file, 'utf8'));
    const children = new Set([...text.matchAll(/\bmod\s+([a-z_][a-z0-9_]*)\s*;/g)].map((m) => m[1]));
    const targets = new Set();
    for (const [path, inline] of pathsIn(text)) {
      let segs = path.split('::').filter(Boolean);
      let base;
      if (segs[0] === 'crate') {
        base = [];
        segs = segs.slice(1);
      } else if (segs[0] === 'self' || segs[0] === 'super') {
        base = [...here, ...inline];
        while (segs[0] === 'self' || segs[0] === 'super') {
          if (segs[0] === 'super') base.pop();
          segs = segs.slice(1);
        }
      } else if (children.has(segs[0]) && inline.length === 0) {
        base = [...here];
      } else continue;
      const full = [...base, ...segs];
      // The deepest prefix that is a file of this crate is what the path refers to.
      for (let n = full.length; n >= 0; n--) {
        const target = byModule.get(full.slice(0, n).join('::'));
        if (target) {
          if (target !== file) targets.add(target);
          break;
        }
      }
    }
    edges.set(file, targets);
    edgeCount += targets.size;
  }
  for (const [from, targets] of edges) {
    for (const to of targets) {
      if (printEdges) console.log(`${relative(root, from)} -> ${relative(root, to)}`);
      if (from < to && edges.get(to)?.has(from)) pairs.push([from, to]);
    }
  }
}

console.log(`import graph: ${fileCount} files, ${edgeCount} edges, ${pairs.length} mutual pairs`);
for (const [a, b] of pairs) console.log(`  ${relative(root, a)} <-> ${relative(root, b)}`);
process.exit(pairs.length ? 1 : 0);
