#!/usr/bin/env node
// The file-level import graphs of the project, checked for loops of any length:
//
// - Rust: every module tree of every crate under crates/ (src/lib.rs, src/main.rs, src/bin/*,
//   build.rs, each example, each test and bench root, and the `[[bin]]`/`[[example]]`/`[[test]]`/
//   `[[bench]]` paths of its Cargo.toml), followed through `mod x;` and `#[path = "…"] mod x;`.
//   A file refers to another file of its tree through `use crate::…`, `use super::…`, `self::…`,
//   paths that start with a child module or with a module brought in by `use`.
// - The front end: every .ts/.tsx file under frontend/src, through `import … from`, `export … from`,
//   `import '…'` and `import('…')` (type-only imports included), resolving relative specifiers and
//   the `paths` aliases of frontend/tsconfig*.json.
// - Folders: inside crates/api/src the modules of each level (a folder collapsed into one node, a
//   single-file module its own node) must not form a loop either, so an arrow that runs back up
//   from one area into another is caught even when no file loop closes.
//
// A loop is a strongly connected component (Tarjan) of more than one node; the check fails on any.
//
//   node scripts/import-graph.mjs            check, print a summary and every loop, exit 1 on a loop
//   node scripts/import-graph.mjs --edges    also print every file edge
//   node scripts/import-graph.mjs --root DIR check another checkout
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The module folders whose levels must form no loop (see `folderLoops`). */
export const FOLDER_RULE = ['crates/api/src'];

// ---------------------------------------------------------------------------------------------
// Graph algorithms

/** Strongly connected components of more than one node (Tarjan, iterative), each sorted. */
export function loops(edges) {
  const nodes = new Set(edges.keys());
  for (const targets of edges.values()) for (const t of targets) nodes.add(t);
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  let counter = 0;
  for (const start of [...nodes].sort()) {
    if (index.has(start)) continue;
    const work = [[start, [...(edges.get(start) ?? [])].sort(), 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const to = next[frame[2]++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(edges.get(to) ?? [])].sort(), 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** One shortest cycle through the first node of a component, as a list of nodes (BFS). */
export function cycleThrough(edges, component) {
  const inside = new Set(component);
  const start = component[0];
  const from = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const to of [...(edges.get(node) ?? [])].sort()) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [];
        for (let n = node; n !== null; n = from.get(n)) path.unshift(n);
        return path;
      }
      if (!from.has(to)) {
        from.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

// ---------------------------------------------------------------------------------------------
// Lexing: comments never import anything, and string literals only where the grammar says so.

/**
 * Rust source with comments blanked (`code`), and also with string and char literals blanked
 * (`bare`); both keep every offset. Handles nested block comments, raw strings and lifetimes.
 */
export function lexRust(text) {
  const code = text.split('');
  const bare = text.split('');
  const blank = (arr, from, to) => {
    for (let k = from; k < to; k++) if (arr[k] !== '\n') arr[k] = ' ';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
      blank(code, i, end);
      blank(bare, i, end);
      i = end;
    } else if (c === '/' && text[i + 1] === '*') {
      let depth = 0;
      let j = i;
      while (j < text.length) {
        if (text[j] === '/' && text[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (text[j] === '*' && text[j + 1] === '/') {
          j += 2;
          if (--depth === 0) break;
        } else j++;
      }
      blank(code, i, j);
      blank(bare, i, j);
      i = j;
    } else if (/[rb]/.test(c) && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '') && /^(?:br|r)#*"/.test(text.slice(i, i + 260))) {
      const m = /^(?:br|r)(#*)"/.exec(text.slice(i));
      const close = `"${m[1]}`;
      const start = i + m[0].length;
      const end = text.indexOf(close, start);
      const stop = end < 0 ? text.length : end;
      blank(bare, start, stop);
      i = stop + close.length;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      blank(bare, i + 1, j);
      i = j + 1;
    } else if (c === "'") {
      // a char literal ('a', '\n', '\u{1F600}', '"') or a lifetime ('a, 'static)
      const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/u.exec(text.slice(i, i + 16));
      if (m) {
        blank(bare, i + 1, i + m[0].length - 1);
        i += m[0].length;
      } else i++;
    } else i++;
  }
  return { code: code.join(''), bare: bare.join('') };
}

/**
 * The string literals of a TypeScript file that name a module: after `from`, after `import`
 * (a side-effect import) and inside `import(`. A small lexer: comments, strings, template
 * literals with their `${…}` holes, and regular expression literals are told apart.
 */
export function tsSpecifiers(text) {
  const specifiers = [];
  const tokens = []; // the last significant tokens, for context
  const push = (t) => {
    tokens.push(t);
    if (tokens.length > 3) tokens.shift();
  };
  const templateDepth = []; // brace depth at which each open `${` hole closes
  let braces = 0;
  let i = 0;
  const regexAllowed = () => {
    const prev = tokens[tokens.length - 1];
    if (prev === undefined) return true;
    if (/^[A-Za-z_$][\w$]*$/.test(prev)) {
      return ['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await'].includes(prev);
    }
    return !/^(?:[\d.]|\)|\]|\}|'|"|`)/.test(prev);
  };
  const readTemplate = () => {
    // from just after a backtick or a closing `}` of a hole, to the closing backtick or a `${`
    while (i < text.length) {
      if (text[i] === '\\') i += 2;
      else if (text[i] === '`') {
        i++;
        push('`');
        return;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        i += 2;
        templateDepth.push(braces);
        braces++;
        push('{');
        return;
      } else i++;
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) < 0 ? text.length : text.indexOf('*/', i + 2) + 2;
    else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      const value = text.slice(i + 1, j);
      const [a, b] = [tokens[tokens.length - 1], tokens[tokens.length - 2]];
      if (a === 'from' || a === 'import' || (a === '(' && b === 'import')) specifiers.push(value);
      push(c);
      i = j + 1;
    } else if (c === '`') {
      i++;
      readTemplate();
    } else if (c === '/' && regexAllowed()) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n') {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        else if (text[j] === '/' && !inClass) break;
        j++;
      }
      i = j + 1;
      while (/[a-z]/.test(text[i] ?? '')) i++;
      push('/re/');
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 200));
      push(m[0]);
      i += m[0].length;
    } else if (/\d/.test(c)) {
      const m = /^[\d.][\w.]*/.exec(text.slice(i, i + 100));
      push(m[0]);
      i += m[0].length;
    } else if (c === '{') {
      braces++;
      push('{');
      i++;
    } else if (c === '}') {
      braces--;
      i++;
      if (templateDepth.length && templateDepth[templateDepth.length - 1] === braces) {
        templateDepth.pop();
        readTemplate();
      } else push('}');
    } else {
      push(c);
      i++;
    }
  }
  return specifiers;
}

// ---------------------------------------------------------------------------------------------
// Rust

const listDir = (dir) => (existsSync(dir) ? readdirSync(dir).sort() : []);
const isFile = (path) => existsSync(path) && statSync(path).isFile();
const isDir = (path) => existsSync(path) && statSync(path).isDirectory();

function rustFilesUnder(dir) {
  const out = [];
  for (const name of listDir(dir)) {
    const path = join(dir, name);
    if (isDir(path)) out.push(...rustFilesUnder(path));
    else if (name.endsWith('.rs')) out.push(path);
  }
  return out;
}

/** The root files of a crate's targets: each starts its own module tree. */
export function crateRoots(crateDir) {
  const roots = new Set();
  const add = (path) => isFile(path) && roots.add(path);
  add(join(crateDir, 'src/lib.rs'));
  add(join(crateDir, 'src/main.rs'));
  add(join(crateDir, 'build.rs'));
  for (const dir of ['src/bin', 'examples', 'tests', 'benches']) {
    // a file is a target of its own; a folder is one when it has a main.rs
    for (const name of listDir(join(crateDir, dir))) {
      const path = join(crateDir, dir, name);
      if (name.endsWith('.rs')) add(path);
      else add(join(path, 'main.rs'));
    }
  }
  const manifest = join(crateDir, 'Cargo.toml');
  if (isFile(manifest)) {
    let table = '';
    for (const line of readFileSync(manifest, 'utf8').split('\n')) {
      const header = /^\s*\[\[?([\w.-]+)\]\]?/.exec(line);
      if (header) table = header[1];
      const path = /^\s*path\s*=\s*"([^"]+)"/.exec(line);
      if (path && ['lib', 'bin', 'example', 'test', 'bench'].includes(table)) add(join(crateDir, path[1]));
    }
  }
  return [...roots];
}

// Expands `use a::{b, c::{d as e, self}}` into [{path: a::b, alias: b}, {path: a::c::d, alias: e}, {path: a::c, alias: c}].
function expandUse(tree) {
  tree = tree.replace(/\s+/g, ' ').trim();
  const brace = tree.indexOf('{');
  if (brace < 0) {
    const m = /^(.*?)(?:\s+as\s+([A-Za-z_]\w*))?$/.exec(tree);
    let path = m[1].replace(/\s/g, '').replace(/^::/, '');
    if (path.endsWith('::*')) return [{ path: path.slice(0, -3), alias: null }];
    if (path.endsWith('::self')) path = path.slice(0, -6);
    return [{ path, alias: m[2] ?? path.split('::').pop() }];
  }
  const prefix = tree.slice(0, brace).replace(/\s/g, '');
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
  return items.filter((item) => item.trim()).flatMap((item) => expandUse(prefix + item.trim()));
}

// Inline modules (`mod tests { … }`) as {start, end, name}, in the blanked text.
function inlineModules(bare) {
  const spans = [];
  // (`mod $name {` in a macro_rules! body counts too: what it holds belongs to where it expands)
  for (const m of bare.matchAll(/\bmod\s+(?:r#)?(\$?[A-Za-z_]\w*)\s*\{/g)) {
    let depth = 0;
    let i = m.index + m[0].length - 1;
    for (; i < bare.length; i++) {
      if (bare[i] === '{') depth++;
      else if (bare[i] === '}' && --depth === 0) break;
    }
    spans.push({ start: m.index, end: i, name: m[1] });
  }
  return spans;
}

/** Parses one Rust file: its `mod` declarations and the paths it mentions. */
function parseRust(file) {
  const { code, bare } = lexRust(readFileSync(file, 'utf8'));
  const spans = inlineModules(bare);
  const enclosing = (at) => spans.filter((s) => s.start < at && at < s.end).map((s) => s.name);
  const decls = [];
  for (const m of bare.matchAll(/\bmod\s+(?:r#)?([A-Za-z_]\w*)\s*;/g)) {
    // the attributes right before the declaration, read from the text that still has its strings
    const before = code.slice(0, m.index).replace(/\bpub\s*(?:\([^)]*\))?\s*$/, '');
    const attrs = /((?:#\s*\[[^\]]*\]\s*)*)$/.exec(before)[1];
    const path = /#\s*\[\s*path\s*=\s*"([^"]+)"\s*\]/.exec(attrs)?.[1] ?? null;
    decls.push({ name: m[1], inline: enclosing(m.index), path });
  }
  const uses = [];
  for (const m of bare.matchAll(/\buse\s+([^;]+);/g)) {
    for (const u of expandUse(m[1])) uses.push({ ...u, inline: enclosing(m.index) });
  }
  const withoutUses = bare.replace(/\buse\s+[^;]+;/g, (u) => u.replace(/[^\n]/g, ' '));
  const mentions = [];
  for (const m of withoutUses.matchAll(/(?<![\w:$])\$?([A-Za-z_]\w*(?:::[A-Za-z_]\w*)+)/g)) {
    mentions.push({ path: m[1], inline: enclosing(m.index) });
  }
  return { decls, uses, mentions, inlineNames: spans.map((s) => ({ name: s.name, inline: enclosing(s.start) })) };
}

/**
 * The file graph of one crate: edges (file -> Set of files) over every module tree of the
 * crate, plus each file's module path per tree and the files no tree reaches.
 */
export function rustCrateGraph(crateDir) {
  const parsed = new Map();
  const parse = (file) => {
    if (!parsed.has(file)) parsed.set(file, parseRust(file));
    return parsed.get(file);
  };
  const edges = new Map();
  const modulesOf = new Map(); // file -> module path (the first tree that reaches it)
  const trees = [];
  for (const rootFile of crateRoots(crateDir)) {
    // walk the tree: module path -> file, and each file's module directory
    const byModule = new Map([['', rootFile]]);
    const fileModule = new Map([[rootFile, []]]);
    const queue = [{ file: rootFile, module: [], dir: dirname(rootFile) }];
    const problems = [];
    while (queue.length) {
      const { file, module, dir } = queue.shift();
      for (const decl of parse(file).decls) {
        let target;
        if (decl.path && decl.inline.length === 0) target = [resolve(dirname(file), decl.path)];
        else if (decl.path) target = [resolve(dir, ...decl.inline, decl.path)];
        else target = [join(dir, ...decl.inline, `${decl.name}.rs`), join(dir, ...decl.inline, decl.name, 'mod.rs')];
        const found = target.find(isFile);
        const childModule = [...module, ...decl.inline, decl.name];
        if (!found) {
          problems.push(`${file}: mod ${decl.name} not found`);
          continue;
        }
        if (fileModule.has(found)) continue;
        byModule.set(childModule.join('::'), found);
        fileModule.set(found, childModule);
        // a mod.rs file and a file loaded through #[path] keep their children beside them
        const ownsDir = decl.path || found.endsWith(`${sep}mod.rs`);
        queue.push({ file: found, module: childModule, dir: ownsDir ? dirname(found) : found.replace(/\.rs$/, '') });
      }
    }
    trees.push({ root: rootFile, files: [...fileModule.keys()], problems });
    // the modules of this tree, file or inline, for resolving first segments
    const children = new Map(); // module path -> Set of child names
    const addChild = (parent, name) => {
      const key = parent.join('::');
      if (!children.has(key)) children.set(key, new Set());
      children.get(key).add(name);
    };
    for (const [file, module] of fileModule) {
      const p = parse(file);
      for (const d of p.decls) addChild([...module, ...d.inline], d.name);
      for (const s of p.inlineNames) addChild([...module, ...s.inline], s.name);
    }
    const isModule = (path) => {
      if (path.length === 0) return true;
      return children.get(path.slice(0, -1).join('::'))?.has(path[path.length - 1]) ?? false;
    };
    for (const [file, here] of fileModule) {
      if (!modulesOf.has(file)) modulesOf.set(file, here);
      const p = parse(file);
      const targets = edges.get(file) ?? new Set();
      edges.set(file, targets);
      const absolute = (path, inline, aliases) => {
        let segs = path.split('::').filter(Boolean);
        const scope = [...here, ...inline];
        if (segs[0] === 'crate' || segs[0] === '$crate') return [...segs.slice(1)];
        if (segs[0] === 'self' || segs[0] === 'super') {
          const base = [...scope];
          while (segs[0] === 'self' || segs[0] === 'super') {
            if (segs[0] === 'super') base.pop();
            segs = segs.slice(1);
          }
          return [...base, ...segs];
        }
        // a child of the module where the path is written, or of an enclosing one
        for (let n = scope.length; n >= here.length; n--) {
          if (children.get(scope.slice(0, n).join('::'))?.has(segs[0])) return [...scope.slice(0, n), ...segs];
        }
        if (aliases?.has(segs[0])) return [...aliases.get(segs[0]), ...segs.slice(1)];
        return null;
      };
      const refer = (full) => {
        // the deepest prefix that is a file of this tree is what the path refers to
        for (let n = full.length; n >= 0; n--) {
          const target = byModule.get(full.slice(0, n).join('::'));
          if (target) {
            if (target !== file) targets.add(target);
            return;
          }
        }
      };
      const aliases = new Map();
      for (const u of p.uses) {
        const full = absolute(u.path, u.inline, null);
        if (!full) continue;
        refer(full);
        if (u.alias && u.alias !== '_' && isModule(full)) aliases.set(u.alias, full);
      }
      for (const m of p.mentions) {
        const full = absolute(m.path, m.inline, aliases);
        if (full) refer(full);
      }
    }
  }
  const reached = new Set(trees.flatMap((t) => t.files));
  const unreached = rustFilesUnder(crateDir).filter((f) => !reached.has(f) && !f.includes(`${sep}target${sep}`));
  return { edges, modulesOf, trees, unreached };
}

// ---------------------------------------------------------------------------------------------
// TypeScript

function stripJsonComments(text) {
  return text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, str) => str ?? '');
}

/** The path aliases of the front end's tsconfig files: [[prefix, [target directories]]]. */
export function tsAliases(frontendDir) {
  const aliases = [];
  for (const name of listDir(frontendDir).filter((n) => /^tsconfig.*\.json$/.test(n))) {
    const config = JSON.parse(stripJsonComments(readFileSync(join(frontendDir, name), 'utf8')));
    const options = config.compilerOptions ?? {};
    const base = resolve(frontendDir, options.baseUrl ?? '.');
    for (const [pattern, targets] of Object.entries(options.paths ?? {})) {
      const prefix = pattern.replace(/\*$/, '');
      aliases.push([prefix, targets.map((t) => resolve(base, t.replace(/\*$/, '')))]);
    }
  }
  return aliases.sort((a, b) => b[0].length - a[0].length);
}

const TS_EXTENSIONS = ['.ts', '.tsx', '.d.ts'];

function resolveTs(base) {
  const candidates = [base, ...TS_EXTENSIONS.map((e) => base + e), ...TS_EXTENSIONS.map((e) => join(base, `index${e}`))];
  if (/\.(?:js|jsx|mjs)$/.test(base)) candidates.push(...['.ts', '.tsx'].map((e) => base.replace(/\.m?jsx?$/, e)));
  return candidates.find((c) => isFile(c) && /\.tsx?$/.test(c)) ?? null;
}

/** The file graph of frontend/src, and the relative or aliased specifiers that name no file. */
export function tsGraph(frontendDir) {
  const srcDir = join(frontendDir, 'src');
  const files = [];
  const walk = (dir) => {
    for (const name of listDir(dir)) {
      const path = join(dir, name);
      if (isDir(path)) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  };
  walk(srcDir);
  const aliases = tsAliases(frontendDir);
  const edges = new Map();
  const unresolved = [];
  for (const file of files) {
    const targets = new Set();
    for (const spec of tsSpecifiers(readFileSync(file, 'utf8'))) {
      let bases = null;
      if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') bases = [resolve(dirname(file), spec)];
      else {
        const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
        if (alias) bases = alias[1].map((dir) => join(dir, spec.slice(alias[0].length)));
      }
      if (!bases) continue; // a package
      const target = bases.map(resolveTs).find(Boolean);
      if (target) {
        if (target !== file) targets.add(target);
      } else if (!/\.(?:css|svg|png|jpe?g|gif|webp|woff2?|json|txt|html)(?:\?.*)?$/.test(spec) && !/\?/.test(spec)) {
        unresolved.push(`${file}: '${spec}'`);
      }
    }
    edges.set(file, targets);
  }
  return { files, edges, unresolved };
}

// ---------------------------------------------------------------------------------------------
// Folders

/**
 * Loops between the modules of each level under `srcDir`: at each module M, its children (a
 * child with children of its own standing for its whole folder, a leaf for its file) and M's own
 * file are the nodes; a file edge between two of them is an edge of that level. Returns
 * [{level, members, edges: [[from, to, [file edges]]]}].
 */
export function folderLoops(fileEdges, modulesOf, srcDir) {
  const inside = (f) => f.startsWith(srcDir + sep) && modulesOf.has(f);
  const found = [];
  // the modules with children of their own: the folders (a leaf module is one file)
  const levels = new Set(['']);
  for (const [f, m] of modulesOf) if (inside(f)) for (let n = 0; n < m.length; n++) levels.add(m.slice(0, n).join('::'));
  for (const level of [...levels].sort()) {
    const depth = level === '' ? 0 : level.split('::').length;
    const nodeOf = (f) => {
      const m = modulesOf.get(f);
      if (m.slice(0, depth).join('::') !== level) return null;
      return m.length === depth ? `${level || 'crate'} (own file)` : [...m.slice(0, depth + 1)].join('::');
    };
    const edges = new Map();
    const why = new Map();
    for (const [from, targets] of fileEdges) {
      if (!inside(from)) continue;
      const a = nodeOf(from);
      if (!a) continue;
      for (const to of targets) {
        if (!inside(to)) continue;
        const b = nodeOf(to);
        if (!b || a === b) continue;
        if (!edges.has(a)) edges.set(a, new Set());
        edges.get(a).add(b);
        const key = `${a}\u0000${b}`;
        if (!why.has(key)) why.set(key, []);
        why.get(key).push([from, to]);
      }
    }
    for (const members of loops(edges)) {
      // only the loops that pass through a folder: a loop of single files is a file loop
      if (!members.some((m) => levels.has(m))) continue;
      const cycle = cycleThrough(edges, members);
      const steps = cycle.map((a, k) => {
        const b = cycle[(k + 1) % cycle.length];
        return [a, b, why.get(`${a}\u0000${b}`)];
      });
      found.push({ level: level || 'crate', members, steps });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// The check

const count = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function check(root, { printEdges = false, log = console.log } = {}) {
  const rel = (f) => relative(root, f).split(sep).join('/');
  let failed = false;
  const report = (label, edges, fileCount, extra = '') => {
    const edgeCount = [...edges.values()].reduce((n, t) => n + t.size, 0);
    const found = loops(edges);
    log(`${label}: ${count(fileCount, 'file')}, ${count(edgeCount, 'edge')}, ${count(found.length, 'loop')}${extra}`);
    if (printEdges) {
      for (const [from, targets] of [...edges].sort()) for (const to of [...targets].sort()) log(`  ${rel(from)} -> ${rel(to)}`);
    }
    for (const members of found) {
      failed = true;
      log(`  loop of ${members.length} files:`);
      for (const m of members) log(`    ${rel(m)}`);
      const cycle = cycleThrough(edges, members);
      log(`    e.g. ${[...cycle, cycle[0]].map(rel).join(' -> ')}`);
    }
  };

  // Rust
  const cratesDir = join(root, 'crates');
  const rustEdges = new Map();
  const modulesOf = new Map();
  let treeCount = 0;
  for (const crate of listDir(cratesDir)) {
    const crateDir = join(cratesDir, crate);
    if (!isFile(join(crateDir, 'Cargo.toml'))) continue;
    const g = rustCrateGraph(crateDir);
    treeCount += g.trees.length;
    for (const [f, t] of g.edges) rustEdges.set(f, new Set([...(rustEdges.get(f) ?? []), ...t]));
    for (const [f, m] of g.modulesOf) if (!modulesOf.has(f)) modulesOf.set(f, m);
    for (const t of g.trees) for (const p of t.problems) log(`  warning: ${rel(p.split(':')[0])}:${p.split(':').slice(1).join(':')}`);
    for (const f of g.unreached) log(`  warning: ${rel(f)} is in no module tree (not checked)`);
  }
  if (rustEdges.size) report('rust (crates/)', rustEdges, rustEdges.size, ` (${count(treeCount, 'module tree')})`);

  // The front end
  const frontendDir = join(root, 'frontend');
  if (isDir(join(frontendDir, 'src'))) {
    const g = tsGraph(frontendDir);
    for (const u of g.unresolved) log(`  warning: ${rel(u.split(':')[0])}:${u.split(':').slice(1).join(':')} names no file`);
    report('front end (frontend/src)', g.edges, g.files.length);
  }

  // Folders
  for (const dir of FOLDER_RULE) {
    const srcDir = join(root, dir);
    if (!isDir(srcDir)) continue;
    const found = folderLoops(rustEdges, modulesOf, srcDir);
    log(`folders of ${dir}: ${count(found.length, 'loop')}`);
    for (const { level, members, steps } of found) {
      failed = true;
      log(`  loop between the modules of ${level}: ${members.join(', ')}`);
      for (const [a, b, fileEdges] of steps) {
        log(`    ${a} -> ${b}, through:`);
        for (const [from, to] of fileEdges) log(`      ${rel(from)} -> ${rel(to)}`);
      }
    }
  }
  return !failed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const root = resolve(args.includes('--root') ? args[args.indexOf('--root') + 1] : process.cwd());
  process.exit(check(root, { printEdges: args.includes('--edges') }) ? 0 : 1);
}
