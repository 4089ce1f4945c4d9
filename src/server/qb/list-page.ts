/**
 * The chat service's list answer for users and blobs (docs/wire/hosted-chat.md §4, §6: `{current_page, per_page,
 * total_entries, items}`) for one page of a query, read from the request's `page` / `per_page`.
 */
import type { SelectQueryBuilder } from 'kysely';
import { countAndPage } from '../db/paging';
import { pageParams, type Params } from './params';

export async function listPage<DB, TB extends keyof DB, Row, Item>(
  params: Params,
  base: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  item: (row: Row) => Item,
) {
  const { page, perPage } = pageParams(params);
  const { total, rows } = await countAndPage(base, select, page, perPage);
  return { current_page: page, per_page: perPage, total_entries: total, items: rows.map(item) };
}
