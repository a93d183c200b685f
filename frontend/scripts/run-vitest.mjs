// `npm test`: runs Vitest once (no watch) with its normal output, then prints one plain summary
// line "N passed, N failed" read from Vitest's JSON report, and exits with Vitest's status.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const report = join(root, 'node_modules/.tmp/vitest-report.json');
rmSync(report, { force: true });

const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const data = JSON.parse(readFileSync(report, 'utf8'));
  passed = data.numPassedTests ?? 0;
  failed = data.numFailedTests ?? 0;
  // a file that fails to load has no test results; count it so the line never hides a failure
  if (failed === 0 && (data.numFailedTestSuites ?? 0) > 0) failed = data.numFailedTestSuites;
} else if (result.status !== 0) {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status ?? 1);
