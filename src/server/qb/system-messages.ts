/**
 * `POST /chat/Message.json` with `system=1` (docs/wire/hosted-chat.md §5.2, §14.6; the vendor's spec
 * "Create System Message"): a system notification to the other occupant of a private dialog, with
 * or without text, sent at once over XMPP as the SDK's own `sendSystemMessage` does — a `headline`
 * with `moduleIdentifier` `SystemNotifications` and the custom fields — from the sender, with the
 * answer's `_id` as stanza id. It is not history: it is not stored, and it reaches whoever is
 * online. Group dialogs refuse it.
 */
import type { ServerContext } from '../context';
import type { ChatHistory } from '../chat-history/history';
import { opponentOf, PRIVATE } from '../chat-history/dialogs';
import { ChatServerUnavailable } from '../chat-history/prosody-bridge';
import { newObjectId } from '../chat-history/object-id';
import { customFieldsOf, dialogFor } from './messages-create';
import { str, type Params } from './params';
import { QbError } from './wire';

const MAX_BODY = 65_536;

export async function createSystemMessage(
  ctx: ServerContext,
  history: ChatHistory,
  me: number,
  params: Params,
): Promise<Record<string, unknown>> {
  const body = str(params.message) ?? '';
  if (body.length > MAX_BODY)
    throw QbError.invalid('message', `is too long (maximum is ${MAX_BODY} characters)`);
  const custom = customFieldsOf(params);
  const dialog = await dialogFor(ctx, me, params);
  if (dialog.type !== PRIVATE)
    throw QbError.invalid('system', 'system messages go to the other occupant of a private dialog');
  const recipient = opponentOf(dialog, me)!;
  const id = newObjectId();
  const dateSent = Math.floor(Date.now() / 1000);
  try {
    await history.bridge.deliver({
      type: 'headline',
      id,
      from: history.jidOf(me),
      to: history.jidOf(recipient),
      body,
      markable: false,
      extra: { moduleIdentifier: 'SystemNotifications', ...custom },
      attachments: [],
    });
  } catch (error) {
    if (error instanceof ChatServerUnavailable)
      throw new QbError(502, [`The system message was not sent: ${error.message}`]);
    throw error;
  }
  return {
    ...custom,
    _id: id,
    chat_dialog_id: dialog.id,
    date_sent: dateSent,
    message: body || null,
    recipient_id: recipient,
    sender_id: me,
    system: 1,
  };
}
