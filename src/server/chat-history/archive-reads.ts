/**
 * Reads of archived messages over XMPP, as mod_portal_archive_reads.lua reports them
 * (docs/prosody.md "Other modules of ours"; docs/security.md "Health-data access log"): a provider's
 * archive query (XEP-0313) or a room's history on join hands out members' messages, so each member
 * it covers gets a `chat-archive` row — the other party of a one-to-one archive (the pair's dialog
 * as the resource when there is one), every member occupant of a room's dialog. A member reading
 * her own messages records nothing, as with `/qb` history.
 */
import { z } from 'zod';
import { providerOfChatUser, recordMemberReads, type MemberRead } from '../access-log/record-access';
import type { Database } from '../db/database';
import { findPrivateDialog, type DialogRow } from './dialogs';

/** Lua's encoder writes an empty list as `{}`. */
const JidList = z
  .union([z.array(z.string().max(300)), z.record(z.string(), z.unknown())])
  .transform((v) => (Array.isArray(v) ? v : []));

export const ReportedArchiveRead = z.object({
  kind: z.literal('archive-read'),
  reader: z.string().max(300),
  address: z.string().max(64).optional(),
  with: JidList.default([]),
  rooms: JidList.default([]),
});
export type ReportedArchiveRead = z.infer<typeof ReportedArchiveRead>;

export interface ArchiveReadLookups {
  db: Database;
  /** A user JID of this service → its chat id, else null. */
  chatIdOf(jid: string): number | null;
  /** A room JID of this service → its dialog, else undefined. */
  dialogOfRoom(jid: string): Promise<DialogRow | undefined>;
}

/** Records the rows of one report; false when it names no user of ours as the reader. */
export async function recordArchiveRead(
  read: ReportedArchiveRead,
  lookups: ArchiveReadLookups,
): Promise<boolean> {
  const { db } = lookups;
  const readerChatId = lookups.chatIdOf(read.reader);
  if (readerChatId === null) return false;
  const providerId = await providerOfChatUser(db, readerChatId);
  if (providerId === null) return true;
  const reads: MemberRead[] = [];
  for (const jid of read.with) {
    const memberChatId = lookups.chatIdOf(jid);
    if (memberChatId === null || memberChatId === readerChatId) continue;
    const dialog = await findPrivateDialog(db, readerChatId, memberChatId);
    reads.push({ memberChatId, kind: 'chat-archive', resourceId: dialog?.id ?? null });
  }
  for (const jid of read.rooms) {
    const dialog = await lookups.dialogOfRoom(jid);
    if (!dialog) continue;
    for (const memberChatId of dialog.occupant_ids)
      if (memberChatId !== readerChatId)
        reads.push({ memberChatId, kind: 'chat-archive', resourceId: dialog.id });
  }
  await recordMemberReads(db, { providerId, address: read.address ?? null }, reads);
  return true;
}
