import { defineConfig } from '@playwright/test';

/**
 * The features Playwright turns off by its own `--disable-features` (playwright-core's
 * chromiumSwitches, 1.65). Chromium keeps only the last `--disable-features` on its command line,
 * so a launch that adds one names these again (`disableFeatures`); tests/e2e/chromium-flags.spec.ts
 * fails when Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 gives every new window, so every browser context, an omnibox popup that is a WebUI
 * page in a renderer of its own: about 1.1 s of CPU a context before the test's page shows
 * anything, where a headless test never opens the omnibox (docs/testing.md "Where Chromium's CPU
 * goes").
 */
const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/** The one `--disable-features` of a launch: Playwright's, the omnibox popup's, and `extra`. */
export const disableFeatures = (...extra: string[]) =>
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI, ...extra].join(',')}`;

/** Debian's Chromium (never a downloaded one), flags from the machine's notes, and the features off. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  disableFeatures(),
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  // Safety nets, not paces: every step waits for what it needs to see (docs/testing.md "Waiting"),
  // and a loaded two-core machine may take many times what a quiet one does.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  // In CI a failed test runs once more: a pass then is reported as retried (flaky) in the run's
  // summary, with where its page was the first time (docs/testing.md "The summary"), and is a
  // defect to fix, not a green. Locally a failure stops at the first run.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // Off unless asked for (E2E_TRACE=on): recording a trace's screencast and snapshots took a
    // third of a call test's CPU (docs/testing.md "What a run shares"); a failure still leaves
    // its screenshot and the page's accessibility snapshot in test-results/.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  },
});
