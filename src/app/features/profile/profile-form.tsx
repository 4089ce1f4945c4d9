/**
 * The provider profile and certification form (spec §2 /profile/certification and the
 * providerProfile tab): identity, specialities, languages, countries, biography, credentials with
 * the licence number and issuing country, certificate documents and the fee; submitting sends it
 * for review (`addConsultInfoAudit`) and shows the status page. What is typed and not submitted is
 * kept as the profile's draft (src/app/session drafts): a reload or the automatic logoff does not
 * lose it, and the form fills with it again (uploaded documents are the server's already).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CertificateDocument, ConsultInfo } from '../../../shared/api/profile';
import { CURRENCY_SYMBOLS } from '../../../shared/constants';
import { ApiError } from '../../../rest';
import { profileCalls } from '../../api/domain-calls';
import { Button } from '../../components/button';
import { fieldMessage } from '../../components/form-zod';
import { TextField } from '../../components/text-field';
import { useDrafts, usePortalApi, useSession } from '../../root';
import { paths } from '../../paths';
import { Select, TextArea } from '../../components/field';
import { ChoiceGroup } from './form-fields';
import {
  initialProfileValues,
  profileFormSchema,
  toSubmission,
  type ProfileFormInput,
  type ProfileFormValues,
} from './profile-form-schema';
import { QueryFailed } from '../../components/query-failed';
import { applyServerFieldErrors, failureText } from '../../components/server-field-errors';
import { dropProfileDraft, useProfileDraft } from './profile-draft';
import { AUDIT_INFO_KEY, DOCTOR_INFO_KEY } from './queries';
import { useProfileOptions } from './use-profile-options';
import { AvatarUpload, DocumentsUpload } from './uploads';

const FIELDS = Object.keys(profileFormSchema.shape);
export function ProfileForm({ info }: { info: ConsultInfo | null }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { userInfo } = useSnapshot(useSession().state);
  const drafts = useDrafts();
  const calls = profileCalls(usePortalApi());
  const options = useProfileOptions();
  const [documents, setDocuments] = useState<CertificateDocument[]>(info?.documents ?? []);
  const [initial] = useState(() => initialProfileValues(info, userInfo));
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: initial,
  });
  const { register, handleSubmit, setValue, setError, formState } = form;
  useProfileDraft(form, initial);
  const e = formState.errors;
  const msg = (m?: string) => fieldMessage(t, m);

  const submit = handleSubmit(async (values) => {
    try {
      await calls.submit(toSubmission(values), { quiet: true });
      dropProfileDraft(drafts);
      await Promise.all([
        client.invalidateQueries({ queryKey: AUDIT_INFO_KEY }),
        client.invalidateQueries({ queryKey: DOCTOR_INFO_KEY }),
      ]);
      navigate(paths.certificationSuccess);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'EMAIL_NOT_VERIFIED')
        setError('root', { message: t('verification:profileBlocked') });
      else if (applyServerFieldErrors(error, setError, FIELDS) === 0)
        setError('root', { message: failureText(error) });
    }
  });

  const setDocs = (docs: CertificateDocument[]) => {
    setDocuments(docs);
    setValue(
      'documentIds',
      docs.map((d) => d.id),
      { shouldValidate: formState.isSubmitted },
    );
  };

  // The choices mount with their options: a select without her country among its options takes
  // "" for it, which lost her licence country and left a draft that never matched where it started;
  // for the same reason a list that could not be read holds the form back.
  if (options.failed) return <QueryFailed onRetry={options.retry} />;
  if (options.loading)
    return (
      <p className="p-8 text-center text-slate-500" aria-busy>
        {t('common:loading')}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.title')} className="flex flex-col gap-8">
      <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t('form.about')}</h2>
        <AvatarUpload
          avatar={info?.avatar ?? userInfo?.avatar ?? null}
          initials={`${userInfo?.firstName[0] ?? ''}${userInfo?.lastName[0] ?? ''}`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('form.firstName')}
            error={msg(e.firstName?.message)}
            {...register('firstName')}
          />
          <TextField label={t('form.lastName')} error={msg(e.lastName?.message)} {...register('lastName')} />
          <TextField
            label={t('form.professionalTitle')}
            error={msg(e.title?.message)}
            {...register('title')}
          />
          <TextField
            label={t('form.yearsOfExperience')}
            type="number"
            min={0}
            max={70}
            error={msg(e.yearsOfExperience?.message)}
            {...register('yearsOfExperience')}
          />
        </div>
        <TextArea
          label={t('form.biography')}
          hint={t('form.biographyHint')}
          error={msg(e.biography?.message)}
          {...register('biography')}
        />
      </section>

      <section className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t('form.practice')}</h2>
        <ChoiceGroup
          legend={t('form.categories')}
          options={options.categories.map((c) => ({
            value: String(c.id),
            label: c.name,
            hint: c.description,
          }))}
          registration={register('categoryIds')}
          error={msg(e.categoryIds?.message)}
        />
        <ChoiceGroup
          legend={t('form.languages')}
          options={options.languages.map((l) => ({
            value: l.code,
            label: l.nativeName === l.name ? l.name : `${l.nativeName} (${l.name})`,
          }))}
          registration={register('languages')}
          error={msg(e.languages?.message)}
        />
        <ChoiceGroup
          legend={t('form.countries')}
          options={options.countries.map((c) => ({ value: c.code, label: c.name }))}
          registration={register('countries')}
          error={msg(e.countries?.message)}
        />
        <div className="max-w-xs">
          <TextField
            label={t('form.fee', { symbol: CURRENCY_SYMBOLS.USD })}
            inputMode="decimal"
            hint={t('form.feeHint')}
            error={msg(e.consultationFee?.message)}
            {...register('consultationFee')}
          />
        </div>
      </section>

      <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">{t('form.credentials')}</h2>
        <TextField
          label={t('form.qualifications')}
          error={msg(e.qualifications?.message)}
          {...register('qualifications')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('form.licenceNumber')}
            error={msg(e.licenceNumber?.message)}
            {...register('licenceNumber')}
          />
          <Select
            label={t('form.licenceCountry')}
            error={msg(e.licenceCountry?.message)}
            {...register('licenceCountry')}
          >
            <option value="">{t('form.choose')}</option>
            {options.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
          <TextField
            label={t('form.licenceAuthority')}
            error={msg(e.licenceAuthority?.message)}
            {...register('licenceAuthority')}
          />
          <TextField
            label={t('form.licenceExpiresOn')}
            type="date"
            error={msg(e.licenceExpiresOn?.message)}
            {...register('licenceExpiresOn')}
          />
        </div>
        <DocumentsUpload documents={documents} onChange={setDocs} error={msg(e.documentIds?.message)} />
      </section>

      {e.root?.message && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {e.root.message}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
