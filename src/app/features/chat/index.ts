/**
 * The chat feature (issue 4 Messages screen): its store, made once per signed-in shell with its
 * part in the chat connection and provided to the screens (docs/architecture.md §3 "The portal
 * runtime"), red dots, the Messages screen.
 */
export { BlockedMembers } from './blocked-members';
export { createMessagesChatPlugin } from './chat-plugin';
export { createChatStore, type ChatStore } from './chat-store';
export { ChatStoreContext } from './chat-store-context';
export { FloatingChatIcon, MessagesRedDot, useUnreadMessages } from './red-dots';
export { MessagesScreen, type ConversationLink } from './messages-screen';
