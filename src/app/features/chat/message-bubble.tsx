/**
 * One message: its text (as text, http(s) links only: docs/lessons.md §12), its attachments (private
 * blobs through a link carrying the session token, docs/wire/hosted-chat.md §6), the time, and for our
 * own messages the tick (docs/lessons.md §9; spec §3 statuses). A call's record is a call card
 * (call-card.tsx). The row around it is the message
 * log's (message-log.tsx).
 */
import { Check, CheckCheck, CircleAlert } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChat, type ChatRuntime } from '../../connections';
import { CallCard } from './call-card';
import { ATTACHMENT_BODY } from './convert';
import type { ChatEntry, EntryAttachment } from './entries';
import { formatDateTime } from '../../components/format';
import { ClockIcon } from './icons';
import { MessageText } from './message-text';
import { tickOf, type Tick } from './ticks';
import { usePerson } from './use-names';
import { useTimeZone } from '../../root';

const TICK_ICON = 'inline h-3.5 w-3.5';
const TICK_GLYPHS: Record<Tick, ReactNode> = {
  waiting: <ClockIcon />,
  failed: <CircleAlert aria-hidden className={TICK_ICON} />,
  sent: <Check aria-hidden className={TICK_ICON} />,
  delivered: <CheckCheck aria-hidden className={TICK_ICON} />,
  read: <CheckCheck aria-hidden className={TICK_ICON} strokeWidth={3} />,
};

/**
 * The file's uid: `uid`, or `id` as the vendor's apps send it (`{id: uid, type}`, the SDK's
 * `privateUrl(uid)`; docs/wire/hosted-chat.md §5.2). An `id` of digits is a blob id, no uid.
 */
function uidOf(attachment: EntryAttachment): string | null {
  if (attachment.uid) return attachment.uid;
  return attachment.id && !/^\d+$/.test(attachment.id) ? attachment.id : null;
}

function attachmentUrl(runtime: ChatRuntime | null, attachment: EntryAttachment): string | null {
  if (attachment.url && /^https?:\/\//i.test(attachment.url)) return attachment.url;
  const uid = uidOf(attachment);
  if (!uid) return null;
  return runtime?.service.content.privateUrl(uid) ?? null;
}

function Attachment({ attachment }: { attachment: EntryAttachment }) {
  const { t } = useTranslation('messages');
  const url = attachmentUrl(useChat(), attachment);
  const name = attachment.name || t('image');
  if (!url) return <span className="text-xs italic">{name}</span>;
  if (attachment.type === 'image' || /\.(jpe?g|png|gif|webp)$/i.test(name))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="block">
        <img src={url} alt={name} className="max-h-60 max-w-full rounded-lg" loading="lazy" />
      </a>
    );
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" download={name} className="underline">
      {t('download', { name })}
    </a>
  );
}

function SenderName({ chatId }: { chatId: number }) {
  return <>{usePerson(chatId).name}</>;
}

/**
 * Memoised (docs/performance.md "Long lists"): the props are the entry's snapshot, which keeps
 * its identity until the entry changes, and plain values, so a new message or a tick elsewhere
 * renders only the bubbles it concerns.
 */
export const MessageBubble = memo(function MessageBubble({
  entry,
  me,
  senderId,
}: {
  entry: ChatEntry;
  me: number | null;
  /** Shown above others' messages in group dialogs; null otherwise. */
  senderId: number | null;
}) {
  const { t, i18n } = useTranslation('messages');
  const timeZone = useTimeZone();
  const mine = entry.senderId === me;
  const tick = me === null ? null : tickOf(entry, me);
  const showBody = entry.body && !(entry.body === ATTACHMENT_BODY && entry.attachments.length > 0);
  return (
    <div
      className={`max-w-[75%] rounded-2xl px-3 py-2 text-sm ${mine ? 'bg-brand text-white' : 'bg-white text-slate-900 ring-1 ring-slate-200'}`}
    >
      {senderId !== null && !mine && (
        <p className="mb-0.5 text-xs font-semibold text-brand-700">
          <SenderName chatId={senderId} />
        </p>
      )}
      {entry.attachments.map((a, i) => (
        <Attachment key={a.uid ?? a.id ?? i} attachment={a} />
      ))}
      {entry.call ? <CallCard call={entry.call} /> : showBody && <MessageText text={entry.body} />}
      <p className={`mt-0.5 flex justify-end gap-1 text-[11px] ${mine ? 'text-white' : 'text-slate-500'}`}>
        <time dateTime={new Date(entry.sentAt).toISOString()}>
          {formatDateTime(entry.sentAt, i18n.language, timeZone)}
        </time>
        {tick && (
          <span
            role="img"
            data-tick={tick}
            aria-label={t(`tick.${tick}`)}
            title={t(`tick.${tick}`)}
            className={
              tick === 'read' ? 'font-bold text-sky-200' : tick === 'failed' ? 'font-bold text-red-200' : ''
            }
          >
            {TICK_GLYPHS[tick]}
          </span>
        )}
      </p>
    </div>
  );
});
