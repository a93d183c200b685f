// Saving files made in the browser: generated proxies as a text file (the "proxy_<date>.txt"
// name), and any blob, through a temporary object URL.

/** "proxy_2026-11-21.txt" (the local calendar date). */
export function downloadFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `proxy_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.txt`;
}

/** Saves `blob` under `fileName` through a temporary object URL. Throws when the browser refuses. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
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

/** Saves `text` as a text/plain file. Throws when the browser refuses. */
export function saveTextFile(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/plain' }), fileName);
}

export const PROXY_DOWNLOADED = 'Proxy file downloaded successfully';
export const NO_PROXY_TO_DOWNLOAD = 'No proxy available to download';
export const DOWNLOAD_FAILED = 'Failed to download proxy file';
