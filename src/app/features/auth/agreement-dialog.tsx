/**
 * The agreement popup (spec §7 "Protocol", §5 guard): shows the current protocols; agreeing
 * records it and sets agreementProtocol '1'; declining signs out and stays on the login route.
 */
import { useEffect, useState } from 'react';
import type { Protocol } from '../../../shared/api/protocol';
import { useTranslation } from 'react-i18next';
import { protocolCalls } from '../../api/domain-calls/account';
import { Dialog } from '../../components/dialog';
import { QueryFailed } from '../../components/query-failed';
import { usePortalApi, useSession, useToasts } from '../../root';
import { signOut } from './sign-out';

export function AgreementDialog({ onAgreed, onDeclined }: { onAgreed(): void; onDeclined(): void }) {
  const toasts = useToasts();
  const session = useSession();
  // Inside the login page's Suspense: suspends while the client loads (a sign-in has loaded it).
  const api = usePortalApi();
  const { t } = useTranslation('auth');
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  // Shown on the public login route, outside the signed-in area's query cache. A read that failed
  // is said, with a retry: declining is not her only way on.
  const [protocols, setProtocols] = useState<Protocol[] | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    protocolCalls(api)
      .popupInfo()
      .then(
        (info) => live && setProtocols(info.protocols),
        () => live && setProtocols('failed'),
      );
    return () => {
      live = false;
    };
  }, [api, attempt]);
  const shown = Array.isArray(protocols) ? protocols : [];

  const agree = async () => {
    setBusy(true);
    try {
      await protocolCalls(api).addRecords(
        shown.map((p) => p.id),
        'web',
      );
      session.agree();
      onAgreed();
    } catch {
      // The error policy has shown the message; the popup stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  const decline = async () => {
    toasts.show(t('agreement.declined'), 'info');
    await signOut(session, api);
    onDeclined();
  };

  return (
    <Dialog
      open
      title={t('agreement.title')}
      onCancel={() => void decline()}
      cancelLabel={t('agreement.decline')}
      onDone={() => void agree()}
      doneLabel={t('agreement.agree')}
      doneDisabled={!accepted || !shown.length}
      busy={busy}
      width={640}
    >
      <p className="mb-4">{t('agreement.intro')}</p>
      {protocols === null && <p className="text-slate-500">…</p>}
      {protocols === 'failed' && (
        <QueryFailed
          onRetry={() => {
            setProtocols(null);
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {/* Scrolls: reachable by keyboard to be read (docs/conventions.md "Accessibility"). */}
      <div
        tabIndex={0}
        className="flex max-h-80 flex-col gap-4 overflow-y-auto rounded-lg border border-slate-200 p-4"
      >
        {shown.map((p) => (
          <article key={p.id} aria-label={p.title}>
            <h3 className="font-semibold text-slate-900">{p.title}</h3>
            <p className="mb-2 text-xs text-slate-500">{t('agreement.version', { version: p.version })}</p>
            <p className="whitespace-pre-line">{p.content}</p>
          </article>
        ))}
      </div>
      <label className="mt-4 flex items-center gap-2">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          className="h-4 w-4 accent-brand"
        />
        {t('agreement.accept')}
      </label>
    </Dialog>
  );
}
