/**
 * A record of what one tab heard about the browser's shared chat connection, for a test to attach
 * when an expectation about that tab fails (docs/testing.md "Known load failures"): every message
 * on its BroadcastChannels (the holder's relayed events, docs/architecture.md §3 "One chat
 * connection per browser"), every answer of the own API's chat calls (spec §7: the dialog list,
 * the account's unread counts, the unread list), the page's warnings and errors, and its
 * visibility changes, each at the wall clock's milliseconds, so that the records of several tabs
 * line up. It reads, and changes nothing the page does.
 */
import { writeFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';

declare global {
  interface Window {
    __chatTap?: Array<[number, string, string]>;
  }
}

/** Starts the record on `page`; call before its first navigation. */
export async function tapChat(
  page: Page,
): Promise<{ attach(testInfo: TestInfo, name: string): Promise<void> }> {
  await page.addInitScript(() => {
    const log: Array<[number, string, string]> = (window.__chatTap = []);
    const note = (channel: string, text: string) => log.push([Date.now(), channel, text.slice(0, 2_000)]);
    const Native = window.BroadcastChannel;
    window.BroadcastChannel = class extends Native {
      constructor(name: string) {
        super(name);
        this.addEventListener('message', (event: MessageEvent) => {
          try {
            note(name, JSON.stringify(event.data));
          } catch {
            note(name, String(event.data));
          }
        });
      }
    };
    const nativeFetch = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await nativeFetch(...args);
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      const call = /\/message\/qb\/[\w/]+/.exec(url)?.[0];
      if (call)
        void response
          .clone()
          .text()
          .then((body) => note(call, body));
      return response;
    };
    for (const level of ['warn', 'error'] as const) {
      const native = console[level].bind(console);
      console[level] = (...args: unknown[]) => {
        note(`console.${level}`, args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
        native(...args);
      };
    }
    document.addEventListener('visibilitychange', () => note('visibility', document.visibilityState));
    for (const event of ['freeze', 'resume'])
      document.addEventListener(event, () => note('lifecycle', event));
  });
  return {
    async attach(testInfo, name) {
      const heard = await page.evaluate(() => window.__chatTap ?? []).catch(() => []);
      const text = [
        `${name}: what it heard of the shared chat and the dialog lists it was given (epoch ms, channel, data)`,
        ...heard.map(([at, channel, data]) => `${at} ${channel} ${data}`),
      ].join('\n');
      // A file in the attempt's own folder, so that a failure its retry makes good keeps it.
      const file = testInfo.outputPath(`${name}-chat-tap.txt`);
      await writeFile(file, text);
      await testInfo.attach(`${name}-chat-tap.txt`, { path: file, contentType: 'text/plain' });
    },
  };
}
