/**
 * The chat service's dialog types (docs/wire/hosted-chat.md §5.1), one constant for the chat stack,
 * the chat-service client, the server and the portal.
 */
export const DIALOG_TYPE = { publicGroup: 1, group: 2, private: 3 } as const;

/** 1 public group, 2 group, 3 private. */
export type DialogTypeCode = (typeof DIALOG_TYPE)[keyof typeof DIALOG_TYPE];

/** A private (one-to-one) dialog; every other type is a group with a room. */
export const isPrivateDialog = (type: number): boolean => type === DIALOG_TYPE.private;
