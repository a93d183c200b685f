// A QR code drawn locally as SVG (qrcode-generator): the otpauth:// URL never leaves the page.
// Dark modules on white with the standard 4-module quiet zone, in both themes, so every camera
// reads it.
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

const QUIET = 4;

export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(text);
    code.make();
    const modules = code.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row += 1) {
      for (let col = 0; col < modules; col += 1) {
        if (code.isDark(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
      }
    }
    return { path: d, count: modules + QUIET * 2 };
  }, [text]);

  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="rounded-lg bg-white"
      data-testid="qr-code"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
