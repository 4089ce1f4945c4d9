export * from './constants';
export * from './api';
export * from './chat-address';
export * from './dialog-type';
export * from './notification-categories';
export * as cycle from './cycle';
