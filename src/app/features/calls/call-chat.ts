/**
 * The chat messages of a call (spec §4 Call "On end, a system chat message is sent with the
 * duration or a cancel text"; "Screen share toggles on/off and tells the other side via a chat
 * message"; spec §3 chat message extension: save_to_history, dialog_id, conferenceType,
 * share_screen). They go into the private dialog with the client (created if there is none,
 * docs/wire/hosted-chat.md §5.1), and the Messages screen shows them as ours.
 */
import i18next from 'i18next';
import { callRecordFields, type CallOutcome } from '../../../shared/call-record';
import { DIALOG_TYPE } from '../../../shared/dialog-type';
import type { CallMedia, ChatRuntime } from '../../connections';
import { formatCallDuration } from './call-format';

/** Spec §4: conferenceType '1' is video, '2' is audio. */
export const conferenceType = (media: CallMedia) => (media === 'video' ? '1' : '2');

/**
 * The record's body, in the vendor's convention for what the members' apps show: its duration
 * once connected, 'Canceled the call.' when the caller hung up before an answer (spec §8), and the
 * spec §8 status texts for a refusal, a busy line and no answer.
 */
export function recordText(outcome: CallOutcome, connectedSeconds: number | null): string {
  switch (outcome) {
    case 'completed':
      return i18next.t('calls:message.duration', { time: formatCallDuration(connectedSeconds ?? 0) });
    case 'canceled':
      return i18next.t('calls:message.canceled');
    case 'declined':
      return i18next.t('calls:status.end.declined');
    case 'busy':
      return i18next.t('calls:status.end.busy');
    case 'missed':
      return i18next.t('calls:status.end.noAnswer');
  }
}

export interface CallChat {
  /**
   * Finds (or creates) the private dialog with the client when a call starts, so that the record
   * goes into the outbox the moment the call ends, even if the page is left right after.
   */
  prepare(runtime: ChatRuntime, opponentId: number): void;
  /**
   * The call's record in the private dialog (docs/calls.md "Call records in the chat"), through the
   * outbox: kept across a reload until the server has it.
   */
  sendEndMessage(
    runtime: ChatRuntime,
    call: { opponentId: number; media: CallMedia; outcome: CallOutcome; connectedSeconds: number | null },
  ): Promise<void>;
  /** Tells the client the shared screen started or stopped (`share_screen` 1 or 0); not kept in history. */
  sendShareNotice(
    runtime: ChatRuntime,
    call: { opponentId: number; media: CallMedia; sharing: boolean },
  ): Promise<void>;
}

/**
 * The call messages of one call controller, with the private dialogs it found, per client: the
 * next signed-in shell has a controller of its own, so no dialog of one provider reaches the next.
 */
export function createCallChat(): CallChat {
  /** Per client, the private dialog's id once found, or the request finding it. */
  const dialogs = new Map<number, string | Promise<string>>();

  /**
   * The private dialog with the client (the server hands back the existing one): its id at once
   * when already found, else the request finding it.
   */
  function dialogWith(runtime: ChatRuntime, userId: number): string | Promise<string> {
    const known = dialogs.get(userId);
    if (known !== undefined) return known;
    const finding = runtime.service.dialogs
      .create({ type: DIALOG_TYPE.private, occupants_ids: [userId] })
      .then((d) => d._id);
    dialogs.set(userId, finding);
    finding.then(
      (id) => dialogs.set(userId, id),
      () => dialogs.delete(userId),
    );
    return finding;
  }

  return {
    prepare(runtime, opponentId) {
      // A failure is met again, and reported, by the record at the end.
      Promise.resolve(dialogWith(runtime, opponentId)).catch(() => undefined);
    },
    async sendEndMessage(runtime, call) {
      const keep = (dialogId: string) =>
        runtime.own.keep(call.opponentId, dialogId, {
          id: runtime.chat.helpers.newMessageId(),
          body: recordText(call.outcome, call.connectedSeconds),
          fields: {
            conferenceType: conferenceType(call.media),
            ...callRecordFields({ outcome: call.outcome, seconds: call.connectedSeconds }),
          },
        });
      try {
        // Found when the call began (`prepare`): handed over at once, so that a page being left
        // gives it to the chat before the chat lets go of it (docs/calls.md "Leaving the page").
        const dialog = dialogWith(runtime, call.opponentId);
        keep(typeof dialog === 'string' ? dialog : await dialog);
      } catch (error) {
        // Spec §8 "Missing ids for a call are logged only"; an offline chat is the same.
        console.warn('The call end message could not be sent', error);
      }
    },
    async sendShareNotice(runtime, call) {
      try {
        const dialogId = await dialogWith(runtime, call.opponentId);
        runtime.chat.send(call.opponentId, {
          type: 'chat',
          body: i18next.t(call.sharing ? 'calls:message.shareOn' : 'calls:message.shareOff'),
          extension: {
            dialog_id: dialogId,
            conferenceType: conferenceType(call.media),
            share_screen: call.sharing ? 1 : 0,
          },
        });
      } catch (error) {
        console.warn('The screen share notice could not be sent', error);
      }
    },
  };
}
