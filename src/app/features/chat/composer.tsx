/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; typing is sent as composing and
 * paused (spec §4 Messaging); a chosen image is previewed with a caption and sent only when
 * confirmed (image-preview.tsx), then compressed (spec §5) and uploaded with a progress bar; a
 * file that is not an image is refused with the reason (image-check.ts).
 * What is typed and not sent is kept as the conversation's draft (src/app/session drafts): it
 * is there again after a reload or the automatic logoff. A text sent while the chat's first login
 * still runs (spec §4 login flow) is held here, read-only and still the draft, and given to the
 * outbox once the running chat exists; a login that fails leaves it in the box, with the toast.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { useChat, useChatLink, type ChatRuntime } from '../../connections';
import { useDrafts } from '../../root';
import { useRestoredDraft, type Drafts } from '../../session';
import { sendImage, sendText } from './chat-actions';
import type { ChatStore } from './chat-store';
import { useChatState, useChatStore } from './chat-store-context';
import { dialogAddress } from './convert';
import { PaperclipIcon } from './icons';
import { ImagePreview } from './image-preview';
import { createTypingSender } from './typing-sender';

type Chat = ChatRuntime['chat'];

const draftKey = (dialogId: string) => `message:${dialogId}`;

/** Keeps the text as the conversation's draft (dropped when empty), with where to find it again. */
function keepText(drafts: Drafts, store: ChatStore, dialogId: string, text: string): void {
  if (!text.trim()) return drafts.drop(draftKey(dialogId));
  const dialog = store.state.dialogs[dialogId];
  drafts.keep({
    key: draftKey(dialogId),
    kind: 'message',
    path: dialog?.clientChatId ? `/message?userId=${dialog.clientChatId}` : '/message',
    about: dialog?.name || null,
    value: { text },
  });
}

/** Typing notifications are best effort: offline, there is nobody to tell. */
function tell(
  store: ChatStore,
  runtime: ChatRuntime | null,
  dialogId: string,
  send: (chat: Chat, to: number | string) => void,
): void {
  const dialog = store.state.dialogs[dialogId];
  if (!runtime || !dialog || !runtime.chat.isConnected) return;
  const to = runtime.chat.helpers.dialogRecipient(dialogAddress(dialog));
  if (to === null) return;
  try {
    send(runtime.chat, to);
  } catch (error) {
    console.warn('Typing notification', error);
  }
}

export function Composer({ dialogId, disabled }: { dialogId: string; disabled: boolean }) {
  const { t } = useTranslation('messages');
  const id = useId();
  const [text, setText] = useState('');
  const [draftRead, setDraftRead] = useState(false);
  const store = useChatStore();
  const drafts = useDrafts();
  useRestoredDraft(drafts, draftKey(dialogId), (draft) => {
    const kept = (draft?.value as { text?: unknown } | undefined)?.text;
    if (typeof kept === 'string' && kept) {
      setText((typed) => typed || kept);
      // Back in its conversation: kept as today's draft.
      keepText(drafts, store, dialogId, kept);
    }
    setDraftRead(true);
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const { upload } = useChatState();
  const runtime = useChat();
  // The sender reads the running chat when it sends, not when it was made.
  const current = useRef(runtime);
  useEffect(() => {
    current.current = runtime;
  }, [runtime]);
  const typing = useMemo(
    () =>
      createTypingSender({
        sendComposing: () =>
          tell(store, current.current, dialogId, (chat, to) => chat.sendIsTypingStatus(to)),
        sendPaused: () =>
          tell(store, current.current, dialogId, (chat, to) => chat.sendIsStopTypingStatus(to)),
        setTimer: (fn, ms) => window.setTimeout(fn, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
      }),
    [store, dialogId],
  );
  useEffect(() => () => typing.stop(), [typing]);

  const { link } = useChatLink();
  // Sent before the first login finished: the outbox exists only once the chat runs.
  const [held, setHeld] = useState(false);
  const deliver = (chat: ChatRuntime | null) => {
    if (!sendText(store, chat, dialogId, text)) return;
    setText('');
    drafts.drop(draftKey(dialogId));
  };
  const send = () => {
    if (!text.trim() || disabled || held) return;
    typing.stop();
    if (!runtime && link !== 'failed') setHeld(true);
    else deliver(runtime);
  };
  const release = useRef(deliver);
  useEffect(() => {
    release.current = deliver;
  });
  useEffect(() => {
    if (!held || (!runtime && link !== 'failed')) return;
    setHeld(false);
    release.current(runtime);
  }, [held, runtime, link]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const uploading = upload?.dialogId === dialogId ? upload : null;

  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 bg-white p-3">
      {uploading && (
        <ProgressBar value={uploading.fraction} label={t('uploading', { name: uploading.name })} />
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="hidden"
          aria-label={t('attachImage')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            // A file that is not an image is refused with the reason, as other failures are (toasts);
            // the check loads when a file is first chosen (docs/performance.md "Route budgets").
            if (file)
              void import('./image-check')
                .then(({ isSendableImage }) => isSendableImage(file))
                .then((ok) => (ok ? setChosen(file) : store.say(t('errors.notImage', { name: file.name }))))
                // The check could not load (offline) or read the file: the preview and the server
                // judge it, as before the check.
                .catch(() => setChosen(file));
          }}
        />
        <Button
          variant="ghost"
          aria-label={t('attachImage')}
          title={t('attachImage')}
          disabled={disabled || uploading !== null}
          onClick={() => fileInput.current?.click()}
        >
          <PaperclipIcon />
        </Button>
        <label htmlFor={id} className="sr-only">
          {t('message')}
        </label>
        <textarea
          id={id}
          rows={2}
          value={text}
          disabled={disabled}
          readOnly={held}
          aria-describedby={held ? `${id}-held` : undefined}
          placeholder={disabled ? t('blockedComposer') : t('placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            if (draftRead) keepText(drafts, store, dialogId, event.target.value);
            typing.typed(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => typing.stop()}
          className="min-h-10 flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand focus:outline-none disabled:bg-slate-50"
        />
        <Button onClick={send} disabled={disabled || held || !text.trim()}>
          {t('send')}
        </Button>
      </div>
      {held && (
        <p id={`${id}-held`} role="status" className="text-xs text-slate-600">
          {t('heldUntilConnected')}
        </p>
      )}
      {chosen && (
        <ImagePreview
          file={chosen}
          onCancel={() => setChosen(null)}
          onSend={(caption) => {
            setChosen(null);
            void sendImage(store, runtime, dialogId, chosen, caption);
          }}
        />
      )}
    </div>
  );
}
