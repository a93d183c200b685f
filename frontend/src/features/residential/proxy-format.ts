// Generated proxies ("host:port:username:password"), the four output formats
// (docs/screens.md#constants) and the download of the proxy.
import { DOWNLOAD_FAILED, downloadFileName, NO_PROXY_TO_DOWNLOAD, PROXY_DOWNLOADED, saveTextFile } from '@/lib/text-file';
import { notify } from '@/lib/toast';

export const PROXY_FORMATS = ['host:port:user:pass', 'host:port@user:pass', 'user:pass:host:port', 'user:pass@host:port'] as const;
/** IP allowlist authentication: no credentials in the line (Settings → IP allowlist). */
export const ALLOWLIST_FORMAT = 'host:port';
export type ProxyFormat = (typeof PROXY_FORMATS)[number] | typeof ALLOWLIST_FORMAT;
export const DEFAULT_FORMAT: ProxyFormat = 'host:port:user:pass';

export type ProxyParts = { host: string; port: string; username: string; password: string };

/** Splits "host:port:username:password"; null for anything else. The host may hold colons (IPv6). */
export function parseProxy(value: string): ProxyParts | null {
  const parts = value.trim().split(':');
  if (parts.length < 4) return null;
  const password = parts.pop()!;
  const username = parts.pop()!;
  const port = parts.pop()!;
  const host = parts.join(':');
  if (!host || !/^\d{1,5}$/.test(port) || !username) return null;
  return { host, port, username, password };
}

/** The proxy in one of the four output formats. */
export function formatProxy({ host, port, username, password }: ProxyParts, format: ProxyFormat): string {
  switch (format) {
    case ALLOWLIST_FORMAT:
      return `${host}:${port}`;
    case 'host:port:user:pass':
      return `${host}:${port}:${username}:${password}`;
    case 'host:port@user:pass':
      return `${host}:${port}@${username}:${password}`;
    case 'user:pass:host:port':
      return `${username}:${password}:${host}:${port}`;
    case 'user:pass@host:port':
      return `${username}:${password}@${host}:${port}`;
  }
}

export function isProxyFormat(value: string): value is ProxyFormat {
  return value === ALLOWLIST_FORMAT || (PROXY_FORMATS as readonly string[]).includes(value);
}

/** A download without a proxy is refused with a toast; a failed save says so. */
export function downloadProxy(text: string | null, now: Date = new Date()): void {
  if (!text) {
    notify.error(NO_PROXY_TO_DOWNLOAD);
    return;
  }
  try {
    saveTextFile(`${text}\n`, downloadFileName(now));
    notify.success(PROXY_DOWNLOADED);
  } catch {
    notify.error(DOWNLOAD_FAILED);
  }
}
