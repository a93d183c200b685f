// The one way the operator console calls /api/admin/*: a typed fetch with the app client's rules
// (cookie session, VITE_API_URL, JSON both ways, a POST always with a JSON body for the origin
// guard, errors as ApiError with the server's message and `fields`). The answer types come from
// ../types.ts until the server's OpenAPI document lists the admin routes.
import { ApiError, apiUrl, FALLBACK_ERROR } from '@/lib/api-client';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

type Options = { query?: Record<string, QueryValue>; body?: unknown; signal?: AbortSignal };

/** The URL of an admin call; empty, null and undefined query values are left out. */
export function adminUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(apiUrl(path), globalThis.location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toError(status: number, payload: unknown): ApiError {
  if (!isRecord(payload)) return new ApiError(FALLBACK_ERROR, status);
  const message = typeof payload.message === 'string' && payload.message ? payload.message : FALLBACK_ERROR;
  const fields: Record<string, string> = {};
  if (isRecord(payload.fields)) {
    for (const [key, value] of Object.entries(payload.fields)) if (typeof value === 'string') fields[key] = value;
  }
  return new ApiError(message, status, fields);
}

export async function adminRequest<T>(method: Method, path: string, { query, body, signal }: Options = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const sendsBody = method !== 'GET' && method !== 'DELETE' ? true : body !== undefined;
  if (sendsBody) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await globalThis.fetch(adminUrl(path, query), {
      method,
      headers,
      credentials: 'include',
      body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(FALLBACK_ERROR, 0);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) throw toError(response.status, payload);
  return payload as T;
}

export const adminGet = <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
  adminRequest<T>('GET', path, { query, signal });
