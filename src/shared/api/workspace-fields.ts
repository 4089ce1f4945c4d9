/** Field schemas shared by the workspace contracts (profile, schedule, consultations, content). */
import { z } from 'zod/mini';
import { TABLE_PAGE_SIZES } from '../constants';
import { MAX_ID } from './fields';

/** A list of short codes sent as `a,b,c` in a form field, or as repeated fields. */
export const CodeList = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)),
);

/** A list of ids that may be empty (`''` sends none). */
export const OptionalIdList = z.pipe(
  z.pipe(
    z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
    z.transform((v) =>
      (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean),
    ),
  ),
  z.array(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(MAX_ID, 'Not a known id'))),
);

/** `page` (from 1) and `pageSize` (one of spec §9's table sizes, default 10). */
export const Paging = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1).check(z.describe('Page number, from 1')),
  pageSize: z
    ._default(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), 'Use 10, 20, 50 or 100'),
      ),
      10,
    )
    .check(z.describe('Rows per page: 10, 20, 50 or 100 (spec §9)')),
});

/** A calendar date `YYYY-MM-DD` (a local date, no time zone). */
export const LocalDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'),
  z.refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Not a calendar date',
  ),
);

/** A wall-clock time `HH:mm` on a 5-minute grid; `24:00` ends a day. */
export const WallTime = z.string().check(
  z.regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use HH:mm'),
  z.refine((s) => Number(s.slice(3)) % 5 === 0, 'Use a multiple of 5 minutes'),
);

/** An ISO 8601 instant with offset, as every timestamp of the workspace is sent. */
export const Instant = z.string().check(z.iso.datetime({ offset: true }));

/** A page of rows. */
export function pageOf<T extends z.ZodMiniType>(row: T) {
  return z.object({
    total: z.number().check(z.int()),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
    list: z.array(row),
  });
}

/** Money in minor units (cents) with its ISO 4217 currency; the portal shows USD as $ (spec §9). */
export const Money = z.object({
  amountCents: z.number().check(z.int()),
  currency: z.string().check(z.length(3)),
});
export type Money = z.infer<typeof Money>;
