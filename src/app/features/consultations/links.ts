/**
 * Where a client or an appointment links to: the appointment detail (spec §2 /orders/detail), the
 * chat with the client (/message, by the client's chat user id) and the client's reports (/reports).
 */
import { paths } from '../../paths';

export const orderDetailPath = (id: number) => `${paths.orderDetail}?id=${id}`;
export const messagePath = (chatId: number) => `${paths.message}?userId=${chatId}`;
/** The reports searched by the member's name: the report lists search by member (spec §7 reportList). */
export const reportsPath = (memberName: string) =>
  `${paths.reports}?${new URLSearchParams({ keyword: memberName })}`;
