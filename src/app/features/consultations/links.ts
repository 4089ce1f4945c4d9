/**
 * Where a client or an appointment links to: the appointment detail (spec §2 /orders/detail), the
 * chat with the client (/message, by the client's chat user id) and the client's reports (/reports).
 */
import { paths } from '../../paths';

export const orderDetailPath = (id: number) => `${paths.orderDetail}?id=${id}`;
export const messagePath = (chatId: number) => `${paths.message}?userId=${chatId}`;
export const reportsPath = (memberId: number) => `${paths.reports}?memberId=${memberId}`;
