/** The chat feature (issue 4 Messages screen): connection, red dots, the Messages screen. */
export { useChatConnection } from './use-chat-connection';
export { FloatingChatIcon, MessagesRedDot, useUnreadMessages } from './red-dots';
export { MessagesScreen } from './messages-screen';
