/**
 * The run's seeded template for the integration files that start stacks of their own and share
 * none (`integration-own-stacks` in vitest.config.ts): made here when the project runs alone, taken
 * from `npm test` otherwise (docs/testing.md "What a run shares").
 */
import { provideTemplate } from '../support/stack';

let removeTemplate: () => Promise<void> = async () => undefined;

export async function setup() {
  removeTemplate = await provideTemplate();
}

export async function teardown() {
  await removeTemplate();
}
