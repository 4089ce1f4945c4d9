/**
 * The run's seeded template that every stack of the integration projects copies: made here when a
 * project runs alone (the shared stack's global-setup.ts calls this too; the second project of one
 * run finds the first one's), taken from `npm test` otherwise (docs/testing.md "What a run shares").
 */
import { provideTemplate } from '../support/stack';

let removeTemplate: () => Promise<void> = async () => undefined;

export async function setup() {
  removeTemplate = await provideTemplate();
}

export async function teardown() {
  await removeTemplate();
}
