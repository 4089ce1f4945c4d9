/** The XML element model shared by every parser and builder of the chat stack. */
export * from './element';
export * from './dom';
