/** The router's own query key: the report access check (spec §5), once per navigation. */
import { QUERY_ROOTS } from '../api/query-keys';

export const reportAccessKey = (navigation: string) => [...QUERY_ROOTS.reportAccess, navigation] as const;
