// A small typed call over fetch for routes whose generated types are not in src/types/api.ts yet
// (the account and security routes): the same cookie session, base URL and error shape as
// api-client.ts (ApiError with the server's message and field errors). The caller names the
// answer's type; the hand-written types live in the feature that calls the route.
import { ApiError, apiUrl, FALLBACK_ERROR, toError } from './api-client';

export type JsonMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

type RequestOptions = {
  /** Sent as JSON. A POST without a body still sends `{}` (the server takes state changes as JSON only). */
  body?: unknown;
  /** Sent as multipart/form-data instead of JSON (the browser sets the boundary). */
  form?: FormData;
  signal?: AbortSignal;
};

export async function requestJson<T>(method: JsonMethod, path: string, { body, form, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (form) {
    payload = form;
  } else if (body !== undefined || method === 'POST' || method === 'PATCH') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  let response: Response;
  try {
    response = await globalThis.fetch(apiUrl(path), { method, headers, body: payload, credentials: 'include', signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(FALLBACK_ERROR, 0);
  }
  const text = await response.text().catch(() => '');
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw toError(response.status, data);
  return data as T;
}
