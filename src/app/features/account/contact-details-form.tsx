/**
 * Contact details in /settings (spec §7 `updateDoctorInfo`): phone and time zone change
 * without a new review, so the approval stays. The name and title belong to the reviewed profile
 * and are shown here only, with the way to change them. Changes not saved are kept as a draft
 * (src/app/session drafts) that the form fills in again after a reload or the automatic logoff.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DoctorInfo } from '../../../shared/api/account';
import { ApiError } from '../../../rest';
import { accountCalls } from '../../api/domain-calls/account';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TimeZonePicker } from '../../components/time-zone-picker';
import { failureText, fieldText } from '../../components/server-field-errors';
import { accountSettingPath, paths } from '../../paths';
import { useDrafts, usePortalApi } from '../../root';
import { useRestoredDraft } from '../../session';

const DRAFT = 'contact';

export function ContactDetailsForm({ info, onSaved }: { info: DoctorInfo; onSaved(info: DoctorInfo): void }) {
  const account = accountCalls(usePortalApi());
  const { t } = useTranslation('settings');
  const [phone, setPhone] = useState(info.phone ?? '');
  const [timezone, setTimezone] = useState(info.timezone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [draftRead, setDraftRead] = useState(false);
  const drafts = useDrafts();
  useRestoredDraft(drafts, DRAFT, (draft) => {
    const kept = (draft?.value ?? {}) as { phone?: unknown; timezone?: unknown };
    if (typeof kept.phone === 'string') setPhone(kept.phone);
    if (typeof kept.timezone === 'string') setTimezone(kept.timezone);
    setDraftRead(true);
  });
  useEffect(() => {
    if (!draftRead) return;
    if (phone === (info.phone ?? '') && timezone === info.timezone) drafts.drop(DRAFT);
    else
      drafts.keep({
        key: DRAFT,
        kind: 'contact',
        path: paths.settings,
        about: null,
        value: { phone, timezone },
      });
  }, [drafts, draftRead, phone, timezone, info]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setSaved(false);
    try {
      onSaved(await account.updateDoctorInfo({ phone: phone.trim(), timezone }, { quiet: true }));
      drafts.drop(DRAFT);
      setSaved(true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = Object.fromEntries(error.fields.map((f) => [f.field, fieldText(f)]));
      setErrors(Object.keys(fields).length > 0 ? fields : { root: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('contact.title')} className="flex flex-col gap-4">
      <dl className="grid gap-1 text-sm sm:grid-cols-3">
        <dt className="text-slate-500">{t('contact.name')}</dt>
        <dd className="sm:col-span-2">
          {[info.title, info.name].filter(Boolean).join(' · ')}{' '}
          <Link to={accountSettingPath('providerProfile', true)} className="text-brand hover:underline">
            {t('contact.nameInProfile')}
          </Link>
        </dd>
        <dt className="text-slate-500">{t('contact.email')}</dt>
        <dd className="sm:col-span-2">{info.email}</dd>
      </dl>
      <TextField
        label={t('contact.phone')}
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
      />
      <TimeZonePicker
        label={t('contact.timezone')}
        hint={t('contact.timezoneHint')}
        value={timezone}
        onChange={setTimezone}
        error={errors.timezone}
      />
      {errors.root && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {errors.root}
        </p>
      )}
      {saved && (
        <p role="status" className="text-sm text-green-700">
          {t('contact.saved')}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={busy}>
          {t('contact.save')}
        </Button>
      </div>
    </form>
  );
}
