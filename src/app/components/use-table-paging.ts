/**
 * Page, page size and search keyword of a paged table (spec §9: the table page sizes); a
 * new search or filter starts again at page 1. The state of one table, kept by the page that shows it.
 */
import { useState } from 'react';
import { TABLE_PAGE_SIZES } from '../../shared/constants';

export interface TablePaging {
  page: number;
  pageSize: number;
  keyword: string;
  /** For SearchForm's onSearch: takes its `keyword` field, trimmed. */
  search(values: Record<string, string | undefined>): void;
  /** A filter other than the keyword changed: back to the first page. */
  restart(): void;
  /** For Pagination's onChange. */
  paginate(page: number, pageSize: number): void;
}

/** `initialKeyword`: a search the page was opened with (a link to a member's reports). */
export function useTablePaging(initialKeyword = ''): TablePaging {
  const [keyword, setKeyword] = useState(initialKeyword);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE_PAGE_SIZES[0]);
  return {
    page,
    pageSize,
    keyword,
    search: (values) => {
      setKeyword(values.keyword?.trim() ?? '');
      setPage(1);
    },
    restart: () => setPage(1),
    paginate: (next, size) => {
      setPage(next);
      setPageSize(size);
    },
  };
}
