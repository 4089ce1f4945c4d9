/**
 * zod for the portal's forms: `zod/mini`, as the API contracts are, so the app carries one zod
 * core with only the checks it uses (docs/performance.md "Route budgets"), with zod's English
 * messages for the rules that name no key of their own, as classic zod sets them. Loaded with the
 * forms only, not with the contracts.
 */
import { z } from 'zod/mini';
import english from 'zod/v4/locales/en.js';

z.config(english());

export { z };
