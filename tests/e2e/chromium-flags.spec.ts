/**
 * The browser the tests drive is the one playwright.config.ts describes: Chromium keeps only the
 * last `--disable-features` of its command line, so ours must name Playwright's own features again
 * and turn off the omnibox popup's WebUI renderer (docs/testing.md "Where Chromium's CPU goes").
 * Read from chrome://version, which shows the command line and the features it left in force.
 */
import { expect, test } from '@playwright/test';
import { PLAYWRIGHT_DISABLED_FEATURES } from '../../playwright.config';

const featuresOf = (value: string | undefined) =>
  new Set((value ?? '').replaceAll('"', '').split(',').filter(Boolean));

test("one --disable-features keeps Playwright's own list and turns off the omnibox popup", async ({
  page,
}) => {
  await page.goto('chrome://version/?show-variations-cmd');
  const text = await page.locator('body').innerText();
  const commandLine = text.split('\n').find((line) => line.startsWith('Command Line'))!;
  const switches = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => m[1]);
  // Playwright's own switch comes first; what Chromium keeps is the last one.
  const playwrights = featuresOf(switches[0]);
  const inForce = featuresOf(
    text.match(/Command-line Variations[\s\S]*?--disable-features=("[^"]*"|\S+)/)?.[1],
  );
  expect([...playwrights].sort(), "Playwright's list changed: update PLAYWRIGHT_DISABLED_FEATURES").toEqual(
    [...PLAYWRIGHT_DISABLED_FEATURES].sort(),
  );
  // What Chromium keeps in force: Playwright's features and the omnibox popup's, all of them.
  for (const feature of [
    ...playwrights,
    'WebUIOmniboxPopup',
    'WebUIOmniboxFullPopup',
    'WebUIOmniboxAimPopup',
  ]) {
    expect(inForce, `${feature} is off`).toContain(feature);
  }
});
