/**
 * Image upload compression rules of spec §5, as pure functions: files under 200 KB are sent as
 * they are; quality is 0.85 under 1 MB, 0.92 above 5 MB and 0.52 otherwise; the longer side is
 * resized to at most 1600 px for 1–10 MB and 1400 px from 10 MB (the spec's "10 to 20 MB"; larger
 * files are treated the same, since the compressed result is what is uploaded).
 */
import { IMAGE_COMPRESSION as C } from './constants';

export interface CompressionPlan {
  compress: boolean;
  /** Encoder quality, 0–1. */
  quality: number;
  /** Longest side in pixels after resizing, or null to keep the size. */
  maxSide: number | null;
}

export function compressionPlan(sizeBytes: number): CompressionPlan {
  if (sizeBytes < C.skipBelowBytes) return { compress: false, quality: 1, maxSide: null };
  const quality =
    sizeBytes < C.oneMegabyte
      ? C.qualityUnder1MB
      : sizeBytes > C.fiveMegabytes
        ? C.qualityOver5MB
        : C.qualityDefault;
  const maxSide =
    sizeBytes < C.oneMegabyte ? null : sizeBytes < C.tenMegabytes ? C.maxSide1To10MB : C.maxSide10To20MB;
  return { compress: true, quality, maxSide };
}

/** The size that fits `maxSide` keeping the aspect ratio; never enlarges. */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number | null,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (maxSide === null || longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Types the browser can re-encode with a quality setting; others (GIF, PDF) are sent as they are. */
export function compressibleType(type: string): boolean {
  return type === 'image/jpeg' || type === 'image/png' || type === 'image/webp';
}
