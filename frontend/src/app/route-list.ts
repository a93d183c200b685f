// The app's route patterns (`/`, `/login`, `/use-case/:slug`, `/onboard/*`, …) read from the
// router's source, `app-routes.tsx`. The build writes them to `dist/routes.json` (see the
// `routeList` plugin in vite.config.ts) so that the server answers the app's own routes with 200
// and anything else with 404. Pure string work: it runs in Node at build time and in the tests.

/** Every `<Route>` of the source, nested paths joined, in order of appearance, no duplicates. */
export function routePatternsFromSource(source: string): string[] {
  const patterns: string[] = [];
  const parents: string[] = [];
  let at = 0;
  for (;;) {
    const open = source.indexOf('<Route', at);
    const close = source.indexOf('</Route>', at);
    if (close !== -1 && (open === -1 || close < open)) {
      parents.pop();
      at = close + '</Route>'.length;
      continue;
    }
    if (open === -1) break;
    const next = source.charAt(open + '<Route'.length);
    if (!/\s|\/|>/.test(next)) {
      // `<Routes>` or another name that starts alike
      at = open + 1;
      continue;
    }
    const end = tagEnd(source, open);
    const tag = source.slice(open, end + 1);
    const parent = parents.at(-1) ?? '';
    const path = /\spath="([^"]*)"/.exec(tag)?.[1];
    const isIndex = /\sindex(\s|\/|>|=\{true\})/.test(tag);
    const full = path === undefined ? parent || '/' : joinPath(parent, path);
    if (path !== undefined || isIndex) add(patterns, isIndex ? parent || '/' : full);
    const selfClosing = source.charAt(end - 1) === '/';
    if (!selfClosing) parents.push(path === undefined ? parent : full);
    at = end + 1;
  }
  return patterns;
}

/** Joins a child's path to its parent's, as react-router does (absolute child paths stand alone). */
export function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${path}`;
}

function add(list: string[], pattern: string) {
  if (!list.includes(pattern)) list.push(pattern);
}

/** The index of the `>` that ends the tag opened at `start`, skipping `{…}` and quoted text. */
function tagEnd(source: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < source.length; i++) {
    const c = source.charAt(i);
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
    } else if (c === '>' && depth === 0) {
      return i;
    }
  }
  throw new Error(`unterminated <Route> tag at offset ${start}`);
}
