// What the landing page (`/`) loads first, from Vite's build manifest (`build.manifest: true`):
// the entry (index.html's script), the landing route's chunk (the router imports it as soon as
// `/` renders) and every chunk they import statically, with their CSS. Chunks reached only by a
// dynamic import() (other pages, dialogs, the toaster) are not part of it.
// Used by scripts/landing-size.mjs and scripts/landing-graph.test.mjs.

export const ENTRY = 'index.html';
export const LANDING = 'src/features/marketing/routes/landing.tsx';

/** The manifest keys, JavaScript files and CSS files of the landing's first load. */
export function landingFirstLoad(manifest) {
  for (const key of [ENTRY, LANDING]) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  }
  const keys = [];
  const js = [];
  const css = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || keys.includes(key)) return;
    keys.push(key);
    if (!js.includes(chunk.file)) js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(ENTRY);
  visit(LANDING);
  return { keys, js, css };
}
