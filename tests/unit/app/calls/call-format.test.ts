/** Spec §4, §9: the call timer's text and the widget's 7 px click threshold (features/calls/call-format.ts). */
import { describe, expect, it } from 'vitest';
import {
  clampToViewport,
  elapsedSeconds,
  formatCallDuration,
  isClick,
} from '../../../../src/app/features/calls/call-format';

describe('formatCallDuration', () => {
  it('shows mm:ss below an hour', () => {
    expect(formatCallDuration(0)).toBe('00:00');
    expect(formatCallDuration(7)).toBe('00:07');
    expect(formatCallDuration(65)).toBe('01:05');
    expect(formatCallDuration(3599)).toBe('59:59');
  });

  it('shows hh:mm:ss from an hour on', () => {
    expect(formatCallDuration(3600)).toBe('01:00:00');
    expect(formatCallDuration(3661)).toBe('01:01:01');
    expect(formatCallDuration(36_000 + 59)).toBe('10:00:59');
  });

  it('floors fractions and treats negative or missing time as zero', () => {
    expect(formatCallDuration(59.9)).toBe('00:59');
    expect(formatCallDuration(-5)).toBe('00:00');
    expect(formatCallDuration(Number.NaN)).toBe('00:00');
  });
});

describe('elapsedSeconds', () => {
  it('counts whole seconds from the connection, and zero before it', () => {
    expect(elapsedSeconds(null, 10_000)).toBe(0);
    expect(elapsedSeconds(1_000, 1_999)).toBe(0);
    expect(elapsedSeconds(1_000, 62_000)).toBe(61);
    expect(elapsedSeconds(5_000, 1_000)).toBe(0);
  });
});

describe('isClick (spec §9 drag click threshold 7 px)', () => {
  it('is a click below 7 px of movement, a drag from 7 px on', () => {
    expect(isClick(0, 0)).toBe(true);
    expect(isClick(6, 0)).toBe(true);
    expect(isClick(4, 5)).toBe(true); // 6.4 px
    expect(isClick(7, 0)).toBe(false);
    expect(isClick(5, 5)).toBe(false); // 7.07 px
    expect(isClick(0, -7)).toBe(false);
  });
});

describe('clampToViewport', () => {
  it('keeps the widget inside the window', () => {
    const box = { width: 200, height: 100 };
    const viewport = { width: 1000, height: 800 };
    expect(clampToViewport({ x: 50, y: 60 }, box, viewport)).toEqual({ x: 50, y: 60 });
    expect(clampToViewport({ x: -20, y: -1 }, box, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampToViewport({ x: 950, y: 790 }, box, viewport)).toEqual({ x: 800, y: 700 });
  });
});

describe('clampToViewport beside the menu (issue 26: the widget never covers the navigation)', () => {
  const box = { width: 200, height: 100 };
  const viewport = { width: 1000, height: 800 };
  it('keeps the widget right of the menu', () => {
    expect(clampToViewport({ x: 24, y: 96 }, box, viewport, 240)).toEqual({ x: 240, y: 96 });
    expect(clampToViewport({ x: 500, y: 96 }, box, viewport, 240)).toEqual({ x: 500, y: 96 });
    expect(clampToViewport({ x: 950, y: 96 }, box, viewport, 240)).toEqual({ x: 800, y: 96 });
  });
  it('a window too narrow for both keeps the widget inside the window', () => {
    expect(clampToViewport({ x: 0, y: 0 }, box, { width: 300, height: 800 }, 240)).toEqual({ x: 100, y: 0 });
  });
});
