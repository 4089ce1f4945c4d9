/**
 * Account cancellation in /settings (spec §7 cancellation/account): refused while consultations
 * are upcoming or in progress (the having-consultation check, shown before asking), and confirmed
 * with the password in a dialog.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../rest';
import { accountCalls } from '../../api/domain-calls/account';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { failureLine } from '../../components/server-field-errors';
import { TextField } from '../../components/text-field';
import { usePortalApi, useSession } from '../../root';
import { paths } from '../../paths';
import { consultationCountsQuery } from './queries';
import { ReadFailure } from '../../components/query-failed';

export function CancelAccountSection() {
  const api = usePortalApi();
  const account = accountCalls(api);
  const { t } = useTranslation('workspace');
  const navigate = useNavigate();
  const session = useSession();
  const counts = useQuery(consultationCountsQuery(api));
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const having = counts.data?.having ?? 0;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await account.cancelAccount({ password }, { quiet: true });
      // On purpose, as the sign-out: no page she was on is returned to (session-store.ts `end`).
      session.end({ onPurpose: true });
      navigate(paths.login, { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(failureLine(e));
      if (e.code === 'ACCOUNT_HAS_CONSULTATIONS') void counts.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {having > 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          {t('account.having', { count: having })}{' '}
          <Link to={paths.orders} className="underline">
            {t('account.toAppointments')}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-slate-600">{t('account.warning')}</p>
      )}
      <ReadFailure read={counts} />
      <div>
        <Button variant="danger" disabled={!counts.data || having > 0} onClick={() => setOpen(true)}>
          {t('account.cancel')}
        </Button>
      </div>
      <Dialog
        open={open}
        title={t('account.confirmTitle')}
        onCancel={() => {
          setOpen(false);
          setPassword('');
          setError(null);
        }}
        onDone={() => void confirm()}
        doneLabel={t('account.confirm')}
        cancelLabel={t('account.keep')}
        doneDisabled={password.length === 0}
        busy={busy}
      >
        <p className="mb-4">{t('account.confirmBody')}</p>
        <TextField
          label={t('account.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
        />
      </Dialog>
    </div>
  );
}
