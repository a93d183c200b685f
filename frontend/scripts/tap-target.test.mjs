// The tap-target utility and the toast close button in src/index.css: at least 24 × 24 px (WCAG
// 2.5.8). jsdom lays nothing out, so the rule itself is read here; the screens' tests check that
// their small links carry the class.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../src/index.css'), 'utf8');

const block = (selector) => {
  const start = css.indexOf(selector);
  expect(start).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
};

describe('tap targets', () => {
  it('tap-target is at least 24 × 24 px', () => {
    const rule = block('@utility tap-target {');
    expect(rule).toMatch(/min-height: 1\.5rem;/);
    expect(rule).toMatch(/min-width: 1\.5rem;/);
    expect(rule).toMatch(/display: inline-flex;/);
  });

  it("sonner's close button is 24 × 24 px, above sonner's own 20 px rule", () => {
    const rule = block('[data-sonner-toaster] [data-sonner-toast][data-styled] [data-close-button] {');
    expect(rule).toMatch(/width: 1\.5rem;/);
    expect(rule).toMatch(/height: 1\.5rem;/);
  });
});
