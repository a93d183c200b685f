// The OpenAPI document rendered by Scalar's API reference, bundled with the app (its own chunk,
// loaded only on /docs/api). Everything that would reach outside the site is off: Scalar's web
// fonts (the site's own stacks are used instead), telemetry, the AI agent, the MCP button, the
// developer tools and the request client (which may route calls through Scalar's proxy). The
// theme follows the site's light/dark switch.
import { ApiReferenceReact, type AnyApiReferenceConfiguration } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useEffect, useMemo } from 'react';
// before Scalar checks its configuration with zod: no JIT, whose probe the CSP would report
import '@/lib/zod';
import type { Theme } from '@/lib/theme';
import type { OpenApiDocument } from '../api/openapi-document';

/** The site's fonts and brand colour; the top offset keeps Scalar's sticky sidebar under our header. */
const CUSTOM_CSS = `
.scalar-app {
  --scalar-font: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
  --scalar-custom-header-height: var(--api-reference-header, 0px);
}
.light-mode .scalar-app, .light-mode.scalar-app { --scalar-color-accent: #4f46e5; }
.dark-mode .scalar-app, .dark-mode.scalar-app { --scalar-color-accent: #a5b4fc; }
`;

/** Customers' routes first (by tag, alphabetically), then the health probes (`ops`), then the
 * operator console's (`admin`), which only administrators may call. */
const TAIL = ['ops', 'admin'];
function tagName(tag: unknown): string {
  return typeof tag === 'object' && tag !== null && 'name' in tag && typeof tag.name === 'string' ? tag.name : '';
}
function compareTags(a: unknown, b: unknown): number {
  const [x, y] = [tagName(a), tagName(b)];
  return TAIL.indexOf(x) - TAIL.indexOf(y) || x.localeCompare(y);
}

export default function ScalarViewer({ document, theme }: { document: OpenApiDocument; theme: Theme }) {
  const configuration = useMemo<AnyApiReferenceConfiguration>(
    () => ({
      content: document,
      forceDarkModeState: theme,
      darkMode: theme === 'dark',
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
      hideClientButton: true,
      hideTestRequestButton: true,
      documentDownloadType: 'json',
      tagsSorter: compareTags,
      customCss: CUSTOM_CSS,
    }),
    [document, theme],
  );
  // Scalar marks <body> with its colour mode (which forces body's color-scheme); the rest of the
  // site follows its own theme on <html>, so the mark goes with the viewer.
  useEffect(() => () => globalThis.document.body.classList.remove('light-mode', 'dark-mode'), []);
  return <ApiReferenceReact configuration={configuration} />;
}
