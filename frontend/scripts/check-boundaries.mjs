// Proves that the feature boundaries and the no-loop rule of eslint.config.js are enforced: lints
// real files with a forbidden import added (in memory, nothing is written) and fails unless ESLint
// reports each one. Run by `npm run lint`.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BOUNDARY = 'import-x/no-restricted-paths';
const LOOP = 'import-x/no-cycle';

const probes = [
  { file: 'src/features/wallet/checkout-url.ts', line: "export { PROXY_GENERATED } from '@/features/pieces/api/get-proxy';", what: 'a feature importing another feature', rule: BOUNDARY },
  { file: 'src/features/wallet/checkout-url.ts', line: "export { PROXY_GENERATED } from '../pieces/api/get-proxy';", what: 'the same by a relative path', rule: BOUNDARY },
  { file: 'src/features/pieces/lte-filter.ts', line: "export { AppRoutes } from '@/app/app-routes';", what: 'a feature importing the app layer', rule: BOUNDARY },
  { file: 'src/lib/format.ts', line: "export { PROXY_GENERATED } from '@/features/pieces/api/get-proxy';", what: 'a shared module importing a feature', rule: BOUNDARY },
  // code-field.tsx imports code-input.tsx: this closes a loop
  { file: 'src/components/ui/code-input.tsx', line: "export { CodeField } from '@/components/code-field';", what: 'an import loop', rule: LOOP },
];

const eslint = new ESLint({ cwd: root });
let failed = 0;
for (const { file, line, what, rule } of probes) {
  const path = join(root, file);
  const [result] = await eslint.lintText(`${readFileSync(path, 'utf8')}\n${line}\n`, { filePath: path });
  if (result.messages.some((message) => message.ruleId === rule)) {
    console.log(`ok: ${what} is refused (${file})`);
  } else {
    failed += 1;
    console.error(`NOT REFUSED: ${what} (${file}: ${line})`);
  }
}
if (failed > 0) process.exit(1);
