/** One page of a filtered query and the total it was cut from (every paged list of the APIs). */
import { sql, type SelectQueryBuilder } from 'kysely';

export interface Page<Row> {
  total: number;
  rows: Row[];
}

/**
 * Counts what `base` matches, then fetches page `page` (from 1) of `pageSize` rows selected and
 * ordered by `select`.
 */
export async function countAndPage<DB, TB extends keyof DB, Row>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  page: number,
  pageSize: number,
): Promise<Page<Row>> {
  const counted = (await base.select(sql<number>`count(*)::integer`.as('total')).executeTakeFirst()) as
    { total: number } | undefined;
  const rows = await select(base)
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize)
    .execute();
  return { total: Number(counted?.total ?? 0), rows: rows as Row[] };
}

/**
 * `countAndPage` for a query that selects (and may order) its rows already: the count drops the
 * selection and the order; `order` sorts the page.
 */
export async function pageOfSelected<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  order: (query: SelectQueryBuilder<DB, TB, Row>) => SelectQueryBuilder<DB, TB, Row>,
  page: number,
  pageSize: number,
): Promise<Page<Row>> {
  const counted = (await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::integer`.as('total'))
    .executeTakeFirst()) as { total: number } | undefined;
  const rows = await order(query)
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize)
    .execute();
  return { total: Number(counted?.total ?? 0), rows: rows as Row[] };
}
