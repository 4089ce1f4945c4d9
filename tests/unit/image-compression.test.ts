/** Spec §5 image compression rules at their boundaries. */
import { describe, expect, it } from 'vitest';
import { compressibleType, compressionPlan, fitWithin } from '../../src/shared/image-compression';

const KB = 1024;
const MB = 1024 * 1024;

describe('compressionPlan', () => {
  it('leaves files under 200 KB alone', () => {
    expect(compressionPlan(199 * KB)).toEqual({ compress: false, quality: 1, maxSide: null });
  });

  it('uses 0.85 under 1 MB without resizing', () => {
    expect(compressionPlan(200 * KB)).toEqual({ compress: true, quality: 0.85, maxSide: null });
    expect(compressionPlan(MB - 1)).toEqual({ compress: true, quality: 0.85, maxSide: null });
  });

  it('uses 0.52 from 1 MB to 5 MB, resized to 1600 px', () => {
    expect(compressionPlan(MB)).toEqual({ compress: true, quality: 0.52, maxSide: 1600 });
    expect(compressionPlan(5 * MB)).toEqual({ compress: true, quality: 0.52, maxSide: 1600 });
  });

  it('uses 0.92 above 5 MB, 1600 px up to 10 MB and 1400 px from 10 MB', () => {
    expect(compressionPlan(5 * MB + 1)).toEqual({ compress: true, quality: 0.92, maxSide: 1600 });
    expect(compressionPlan(10 * MB - 1).maxSide).toBe(1600);
    expect(compressionPlan(10 * MB)).toEqual({ compress: true, quality: 0.92, maxSide: 1400 });
    expect(compressionPlan(20 * MB).maxSide).toBe(1400);
  });
});

describe('fitWithin', () => {
  it('scales the longer side down and keeps the ratio', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1400)).toEqual({ width: 1050, height: 1400 });
  });

  it('never enlarges and keeps the size without a limit', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(5000, 10, null)).toEqual({ width: 5000, height: 10 });
  });

  it('re-encodes JPEG, PNG and WebP only', () => {
    expect(
      ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'].map(compressibleType),
    ).toEqual([true, true, true, false, false]);
  });
});
