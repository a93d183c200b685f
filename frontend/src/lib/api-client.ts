// The one HTTP client of the app: openapi-fetch over the types generated from openapi.json
// (src/types/api.ts), so every path, query, body and answer is typed by the contract. Cookie
// session (credentials: 'include'), base URL from VITE_API_URL (same origin when empty), errors
// as ApiError with the server's message.
import createClient from 'openapi-fetch';
import type { paths } from '@/types/api';

export const FALLBACK_ERROR = 'Something went wrong';

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(message: string, status: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

const baseUrl = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

export function apiUrl(path: string): string {
  return `${baseUrl}${path}`;
}

export const api = createClient<paths>({
  // openapi-fetch builds a Request, which needs an absolute URL
  baseUrl: baseUrl || globalThis.location.origin,
  credentials: 'include',
  headers: { Accept: 'application/json' },
  // looked up on each call, so a fetch replaced after start-up (the tests' mock server) is used
  fetch: (request) => globalThis.fetch(request),
});

// The server's origin guard takes state-changing requests only as JSON: a POST without a body
// (logout) still sends `{}`.
api.use({
  onRequest({ request }) {
    if (request.method !== 'POST' || request.body !== null) return undefined;
    const headers = new Headers(request.headers);
    headers.set('Content-Type', 'application/json');
    return new Request(request, { body: '{}', headers });
  },
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The ApiError of a failed answer's status and JSON body (`{message, fields?}`). */
export function toError(status: number, payload: unknown): ApiError {
  if (!isRecord(payload)) return new ApiError(FALLBACK_ERROR, status);
  const message = typeof payload.message === 'string' && payload.message ? payload.message : FALLBACK_ERROR;
  const fields: Record<string, string> = {};
  if (isRecord(payload.fields)) {
    for (const [key, value] of Object.entries(payload.fields)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  return new ApiError(message, status, fields);
}

/** The answer of a successful call (`api.GET(…)`, `api.POST(…)`); an ApiError otherwise. */
export async function unwrap<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(FALLBACK_ERROR, 0);
  }
  if (!result.response.ok) throw toError(result.response.status, result.error);
  return result.data as D;
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK_ERROR;
}
