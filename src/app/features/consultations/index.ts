/** The consultations feature: clients (spec §2 /clients) and appointments (/orders, /orders/detail). */
export { ClientsTable } from './clients-table';
export { OrdersList } from './orders-list';
export { OrderDetail } from './order-detail';
export { StatusBadge } from './status-badge';
export { messagePath, orderDetailPath, reportsPath } from './links';
