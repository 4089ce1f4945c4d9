/**
 * 24-hex ids in the vendor's BSON ObjectId layout (docs/wire/hosted-chat.md §11 "Stanza ids"): 8 hex
 * of Unix seconds, 10 random hex, a 6-hex counter. Dialogs, messages and records use them.
 */
import { randomBytes } from 'node:crypto';

const process5 = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export function newObjectId(at: Date = new Date()): string {
  counter = (counter + 1) % 0xffffff;
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${process5}${counter.toString(16).padStart(6, '0')}`;
}

export const OBJECT_ID = /^[0-9a-f]{24}$/;

/** Ids we accept from clients (stanza ids of other XMPP clients are not always 24-hex). */
export const CLIENT_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
