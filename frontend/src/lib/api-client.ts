// The one HTTP client of the app: JSON in and out, cookie session (credentials: 'include'),
// base URL from VITE_API_URL (same origin when empty), errors as ApiError with the server message.
import type { GetPath, GetResponse, PostBody, PostPath, PostResponse } from './api-types';

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

type RequestOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string>;
  signal?: AbortSignal;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toError(status: number, payload: unknown): ApiError {
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

/** Low-level request; prefer the typed `apiGet`/`apiPost`. Resolves to the parsed JSON body. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, query, signal } = options;
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  let response: Response;
  try {
    response = await fetch(apiUrl(path) + search, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(FALLBACK_ERROR, 0);
  }
  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (!response.ok) throw toError(response.status, payload);
  return payload;
}

export function apiGet<P extends GetPath>(
  path: P,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<GetResponse<P>> {
  return apiRequest(path, options) as Promise<GetResponse<P>>;
}

export function apiPost<P extends PostPath>(
  path: P,
  body: PostBody<P> | undefined,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<PostResponse<P>> {
  return apiRequest(path, { ...options, method: 'POST', body: body ?? {} }) as Promise<PostResponse<P>>;
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK_ERROR;
}
