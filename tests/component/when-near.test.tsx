/**
 * A section below the first screen (components/when-near.tsx): it renders, and so asks for its
 * data, once its box comes near the viewport or once she first presses Tab, and stays after.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from '../../src/app/components/when-near';

/** The page's one observer, as the browser's: `enter` brings every observed box near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly boxes = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(box: Element) {
    this.boxes.add(box);
  }
  disconnect() {
    this.boxes.clear();
  }
  static enter() {
    for (const o of FakeObserver.all)
      if (o.boxes.size > 0)
        o.callback(
          [...o.boxes].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          o as unknown as IntersectionObserver,
        );
  }
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WhenNear', () => {
  it('holds the place with an empty box until the box comes near the viewport', async () => {
    render(
      <WhenNear className="min-h-64">
        <p>Her cycle charts</p>
      </WhenNear>,
    );
    expect(screen.queryByText('Her cycle charts')).toBeNull();
    expect(screen.getByTestId('when-near').className).toBe('min-h-64');
    expect(FakeObserver.all[0]!.options?.rootMargin).toBe('200px');
    await act(async () => FakeObserver.enter());
    expect(screen.getByText('Her cycle charts')).toBeTruthy();
    expect(screen.queryByTestId('when-near')).toBeNull();
  });

  it('renders at the first Tab, so the keyboard reaches its controls in the page’s order', async () => {
    render(
      <WhenNear className="min-h-48">
        <button type="button">Choose a video</button>
      </WhenNear>,
    );
    fireEvent.keyDown(document.body, { key: 'a' });
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Choose a video' })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Choose a video' })).toBeTruthy();
  });

  it('renders at once where the browser has no observer', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNear className="min-h-64">
        <p>Earlier reports</p>
      </WhenNear>,
    );
    await act(async () => undefined);
    expect(screen.getByText('Earlier reports')).toBeTruthy();
  });
});
