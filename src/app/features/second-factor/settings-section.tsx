/**
 * The second factor in /settings (docs/security.md "Second factor"): her passkeys and
 * authenticator app, adding either, removing one and replacing the recovery codes — the last two
 * with a fresh proof. Recovery codes are shown once, when they are made.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolResult, SecondFactorProof, SecondFactors } from '../../../shared/api/second-factor';
import { secondFactorCalls } from '../../api/domain-calls/second-factor';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { formatDateTime } from '../../components/format';
import { usePortalApi, useTimeZone, useToasts } from '../../root';
import { PasskeySetup } from './passkey-setup';
import { ProofDialog } from './proof-dialog';
import { secondFactorsQuery } from './queries';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { ReadPending } from '../../components/query-failed';

type Change =
  { kind: 'remove-passkey'; id: number; name: string } | { kind: 'remove-totp' } | { kind: 'regenerate' };

export function SecondFactorSettings() {
  const api = usePortalApi();
  const calls = secondFactorCalls(api);
  const toasts = useToasts();
  const { t, i18n } = useTranslation('auth');
  const timeZone = useTimeZone();
  const client = useQueryClient();
  const factors = useQuery(secondFactorsQuery(api));
  const [adding, setAdding] = useState<'passkey' | 'totp' | null>(null);
  const [change, setChange] = useState<Change | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const when = (iso: string) => formatDateTime(iso, i18n.language, timeZone);

  const store = (next: SecondFactors) => client.setQueryData(secondFactorsQuery(api).queryKey, next);
  const enrolled = (result: EnrolResult) => {
    store(result.factors);
    setAdding(null);
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
    toasts.show(t('secondFactor.settings.added'), 'success');
  };
  const prove = async (proof: SecondFactorProof) => {
    if (!change) return;
    if (change.kind === 'regenerate') {
      const renewed = await calls.regenerateRecoveryCodes({ proof }, { quiet: true });
      setCodes(renewed.recoveryCodes);
      await client.invalidateQueries({ queryKey: secondFactorsQuery(api).queryKey });
    } else {
      const factor =
        change.kind === 'remove-totp'
          ? { kind: 'totp' as const }
          : { kind: 'passkey' as const, id: change.id };
      store(await calls.remove({ factor, proof }, { quiet: true }));
      toasts.show(t('secondFactor.settings.removed'), 'success');
    }
    setChange(null);
  };

  if (!factors.data)
    return (
      <ReadPending read={factors}>
        <p className="text-sm text-slate-500">{t('secondFactor.preparing')}</p>
      </ReadPending>
    );
  const data = factors.data;
  const count = data.passkeys.length + (data.totp ? 1 : 0);
  const lastRequired = data.required && count === 1;

  return (
    <div className="flex flex-col gap-5">
      <p role="status" className="text-sm text-slate-700">
        {count === 0
          ? t('secondFactor.settings.none')
          : data.required
            ? t('secondFactor.settings.onRequired')
            : t('secondFactor.settings.on')}
      </p>

      <section aria-label={t('secondFactor.settings.passkeys')} className="flex flex-col gap-2">
        <h3 className="font-medium text-slate-900">{t('secondFactor.settings.passkeys')}</h3>
        {data.passkeys.length === 0 && (
          <p className="text-sm text-slate-500">{t('secondFactor.settings.noPasskey')}</p>
        )}
        <ul className="flex flex-col gap-2">
          {data.passkeys.map((p) => (
            <li
              key={p.id}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
            >
              <span>
                <span className="font-medium">{p.name}</span>
                <span className="block text-xs text-slate-500">
                  {t('secondFactor.settings.addedOn', { date: when(p.createdAt) })}
                  {p.lastUsedAt
                    ? ` · ${t('secondFactor.settings.lastUsed', { date: when(p.lastUsedAt) })}`
                    : ''}
                </span>
              </span>
              <Button
                variant="secondary"
                disabled={lastRequired}
                aria-label={t('secondFactor.settings.removeNamed', { name: p.name })}
                onClick={() => setChange({ kind: 'remove-passkey', id: p.id, name: p.name })}
              >
                {t('secondFactor.settings.remove')}
              </Button>
            </li>
          ))}
        </ul>
        {adding === 'passkey' ? (
          <div className="rounded-lg border border-slate-200 p-4">
            <PasskeySetup onEnrolled={enrolled} />
            <Button variant="ghost" className="mt-2" onClick={() => setAdding(null)}>
              {t('secondFactor.settings.cancelAdding')}
            </Button>
          </div>
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setAdding('passkey')}>
              {t('secondFactor.addPasskey')}
            </Button>
          </div>
        )}
      </section>

      <section aria-label={t('secondFactor.settings.app')} className="flex flex-col gap-2">
        <h3 className="font-medium text-slate-900">{t('secondFactor.settings.app')}</h3>
        {data.totp ? (
          <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
            <span className="text-sm">
              {t('secondFactor.settings.appOn', { date: when(data.totp.addedAt) })}
            </span>
            <Button
              variant="secondary"
              disabled={lastRequired}
              aria-label={t('secondFactor.settings.removeApp')}
              onClick={() => setChange({ kind: 'remove-totp' })}
            >
              {t('secondFactor.settings.remove')}
            </Button>
          </div>
        ) : adding === 'totp' ? (
          <div className="rounded-lg border border-slate-200 p-4">
            <TotpSetup onEnrolled={enrolled} />
            <Button variant="ghost" className="mt-2" onClick={() => setAdding(null)}>
              {t('secondFactor.settings.cancelAdding')}
            </Button>
          </div>
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setAdding('totp')}>
              {t('secondFactor.chooseApp')}
            </Button>
          </div>
        )}
      </section>

      {count > 0 && (
        <section aria-label={t('secondFactor.settings.recovery')} className="flex flex-col gap-2">
          <h3 className="font-medium text-slate-900">{t('secondFactor.settings.recovery')}</h3>
          <p className="text-sm text-slate-600">
            {t('secondFactor.settings.recoveryLeft', { count: data.recoveryCodesLeft })}
          </p>
          <div>
            <Button variant="secondary" onClick={() => setChange({ kind: 'regenerate' })}>
              {t('secondFactor.settings.regenerate')}
            </Button>
          </div>
        </section>
      )}
      {lastRequired && <p className="text-xs text-slate-500">{t('secondFactor.settings.lastRequired')}</p>}

      {change && (
        <ProofDialog
          title={
            change.kind === 'regenerate'
              ? t('secondFactor.settings.regenerate')
              : t('secondFactor.settings.removeTitle')
          }
          intro={
            change.kind === 'regenerate'
              ? t('secondFactor.settings.regenerateIntro')
              : change.kind === 'remove-totp'
                ? t('secondFactor.settings.removeAppIntro')
                : t('secondFactor.settings.removePasskeyIntro', { name: change.name })
          }
          factors={data}
          onProof={prove}
          onClose={() => setChange(null)}
        />
      )}
      {codes && (
        // Shown this once: only "I have saved these codes" closes it.
        <Dialog open title={t('secondFactor.recoveryTitle')} onCancel={() => undefined} hideCancel>
          <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} titled={false} />
        </Dialog>
      )}
    </div>
  );
}
