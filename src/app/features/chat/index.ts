/** The chat feature (issue 4 Messages screen): its part in the chat connection, red dots, the Messages screen. */
export { BlockedMembers } from './blocked-members';
export { messagesChatPlugin } from './chat-plugin';
export { FloatingChatIcon, MessagesRedDot, useUnreadMessages } from './red-dots';
export { MessagesScreen } from './messages-screen';
