// zod as the app uses it: without its JIT (schemas compiled with `new Function`). The site's
// Content-Security-Policy has no 'unsafe-eval', so the JIT could never run, and zod's probe for it
// (a caught `new Function('')`) was still reported as a CSP violation on the first form checked.
// Every module takes `z` from here, so the setting is made before any schema parses.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
