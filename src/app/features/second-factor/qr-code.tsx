/**
 * A QR code drawn as SVG from `uqr`'s module matrix (ISO/IEC 18004), with the four-module quiet
 * zone the standard asks for; no image is fetched and no markup is injected.
 */
import { useMemo } from 'react';
import { encode } from 'uqr';

const QUIET_ZONE = 4;

export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(text, { ecc: 'M', border: 0 });
    const parts: string[] = [];
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
      }),
    );
    return { path: parts.join(''), modules: count + 2 * QUIET_ZONE };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-lg border border-slate-200"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
