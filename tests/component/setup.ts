/**
 * The component layer's setup: English words of every namespace in i18next (as the portal loads
 * them, src/app/i18n), a layout for the virtualised lists, and each test's screen unmounted after it.
 */
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import auth from '../../src/app/i18n/locales/en/auth.json';
import calls from '../../src/app/i18n/locales/en/calls.json';
import charts from '../../src/app/i18n/locales/en/charts.json';
import common from '../../src/app/i18n/locales/en/common.json';
import intake from '../../src/app/i18n/locales/en/intake.json';
import messages from '../../src/app/i18n/locales/en/messages.json';
import notifications from '../../src/app/i18n/locales/en/notifications.json';
import profile from '../../src/app/i18n/locales/en/profile.json';
import reports from '../../src/app/i18n/locales/en/reports.json';
import schedule from '../../src/app/i18n/locales/en/schedule.json';
import settings from '../../src/app/i18n/locales/en/settings.json';
import verification from '../../src/app/i18n/locales/en/verification.json';
import workspace from '../../src/app/i18n/locales/en/workspace.json';

const en = {
  auth,
  calls,
  charts,
  common,
  intake,
  messages,
  notifications,
  profile,
  reports,
  schedule,
  settings,
  verification,
  workspace,
};

await i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  ns: Object.keys(en),
  defaultNS: 'common',
  resources: { en },
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * happy-dom lays nothing out, and virtua renders the rows that fit its viewport: a scrolling list
 * is 600 px high here and each of its rows 56 px, as ResizeObserver tells them.
 */
const laidOutHeight = (element: Element) =>
  /overflow-(y-)?auto/.test(element.getAttribute('class') ?? '') ? 600 : 56;

class LaidOutResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element): void {
    const height = laidOutHeight(target);
    const size = [{ blockSize: height, inlineSize: 320 }];
    const entry = {
      target,
      contentRect: { width: 320, height, top: 0, left: 0, right: 320, bottom: height, x: 0, y: 0 },
      borderBoxSize: size,
      contentBoxSize: size,
      devicePixelContentBoxSize: size,
    } as unknown as ResizeObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as ResizeObserver));
  }
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { value: LaidOutResizeObserver, configurable: true });
/** Everything in that viewport is on screen: an observed element is reported in view. */
class InViewIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element): void {
    const entry = { target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
Object.defineProperty(window, 'IntersectionObserver', {
  value: InViewIntersectionObserver,
  configurable: true,
});
// A connected element is laid out (virtua measures only rows with an offset parent).
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    return this.isConnected ? this.parentElement : null;
  },
});
// A connected element has a box (Headless UI closes a dialog whose panel has none).
Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', {
  configurable: true,
  value(this: HTMLElement) {
    const height = this.isConnected ? laidOutHeight(this) : 0;
    const width = this.isConnected ? 320 : 0;
    return { x: 0, y: 0, top: 0, left: 0, width, height, right: width, bottom: height, toJSON: () => ({}) };
  },
});
// Everything fits: a list's content is as high as its view, so it is scrolled to its top.
for (const property of ['clientHeight', 'scrollHeight'])
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      return laidOutHeight(this);
    },
  });

afterEach(() => cleanup());

// `waitFor` and the `findBy` queries give up after 1 s by default: a race against the clock on a
// loaded machine (a run failed waiting for the chat's login flow). They wait for what they need;
// this is the safety net, as `expect.poll`'s 30 s in vitest.config.ts (docs/testing.md "Waiting").
configure({ asyncUtilTimeout: 30_000 });
