/**
 * A call's record in the conversation as a card (docs/calls.md "Call records in the chat"): the
 * call's kind and how it ended (its duration, canceled, declined, line busy, not answered) in the
 * reader's language, whatever language the sender wrote the body in.
 */
import { Phone, PhoneMissed, PhoneOff, Video, type LucideIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { callDurationText, type CallOutcome, type CallRecord } from '../../../shared/call-record';

const NOT_CONNECTED: Record<Exclude<CallOutcome, 'completed'>, LucideIcon> = {
  canceled: PhoneOff,
  declined: PhoneOff,
  busy: PhoneOff,
  missed: PhoneMissed,
};

/** How the call ended, in the reader's language: its duration, or canceled, declined… */
export function callEndText(t: TFunction<'messages'>, call: CallRecord): string {
  return call.outcome === 'completed'
    ? t('callCard.completed', { time: callDurationText(call.seconds ?? 0) })
    : t(`callCard.${call.outcome}`);
}

/** One line for the dialog list: the call's kind and how it ended. */
export function callSummaryText(t: TFunction<'messages'>, call: CallRecord): string {
  return `${t(`callCard.${call.media}`)} · ${callEndText(t, call)}`;
}

export function CallCard({ call }: { call: CallRecord }) {
  const { t } = useTranslation('messages');
  const Icon =
    call.outcome === 'completed' ? (call.media === 'video' ? Video : Phone) : NOT_CONNECTED[call.outcome];
  return (
    <p data-call-card={call.outcome} className="flex items-center gap-2">
      <Icon aria-hidden size={18} className="shrink-0" />
      <span className="flex flex-col">
        <span className="font-semibold">{t(`callCard.${call.media}`)}</span>
        <span>{callEndText(t, call)}</span>
      </span>
    </p>
  );
}
