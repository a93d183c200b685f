// Generated proxies (SPEC.md §3: "host:port:username:password"), the four output formats of
// SPEC.md §9 and the download file name.
import { notify } from '@/lib/toast';

export const PROXY_FORMATS = ['host:port:user:pass', 'host:port@user:pass', 'user:pass:host:port', 'user:pass@host:port'] as const;
export type ProxyFormat = (typeof PROXY_FORMATS)[number];
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
  return (PROXY_FORMATS as readonly string[]).includes(value);
}

/** "proxy_2026-11-21.txt" (the local calendar date). */
export function downloadFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `proxy_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.txt`;
}

export const PROXY_DOWNLOADED = 'Proxy file downloaded successfully';
export const NO_PROXY_TO_DOWNLOAD = 'No proxy available to download';
export const DOWNLOAD_FAILED = 'Failed to download proxy file';

/** Saves `text` as a text/plain file through a temporary object URL. Throws when the browser refuses. */
export function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // revoke after the click has been handled
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** SPEC.md §5/§8: a download without a proxy is refused with a toast; a failed save says so. */
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
