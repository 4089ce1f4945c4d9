/**
 * Avatar and certificate uploads with the compression of spec §5 and a progress bar. The avatar
 * is replaced at once; documents are uploaded, listed, and submitted with the profile.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CertificateDocument } from '../../../shared/api/profile';
import { profileCalls } from '../../api/domain-calls';
import { compressImage } from '../../components/compress-image';
import { ProgressBar } from '../../components/progress-bar';
import { usePortalApi } from '../../root';
import { DOCTOR_INFO_KEY } from './queries';

const DOCUMENT_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async <T,>(
    file: File,
    send: (blob: Blob, name: string, onUploadProgress: (f: number) => void) => Promise<T>,
  ) => {
    setProgress(0);
    try {
      const ready = file.type.startsWith('image/')
        ? await compressImage(file)
        : { blob: file, name: file.name };
      return await send(ready.blob, ready.name, setProgress);
    } finally {
      setProgress(null);
    }
  };
  return { progress, run };
}

export function AvatarUpload({ avatar, initials }: { avatar: string | null; initials: string }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const client = useQueryClient();
  const calls = profileCalls(usePortalApi());
  const { progress, run } = useUpload();
  const [current, setCurrent] = useState(avatar);
  return (
    <div className="flex items-center gap-4">
      {current ? (
        <img src={current} alt={t('form.avatar')} className="h-20 w-20 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-700"
        >
          {initials}
        </span>
      )}
      <div className="flex flex-1 flex-col gap-2">
        <label
          htmlFor={id}
          className="w-fit cursor-pointer rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t('form.changeAvatar')}
        </label>
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES}
          className="sr-only"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            try {
              const result = await run(file, (blob, name, onUploadProgress) =>
                calls.uploadAvatar(blob, name, { onUploadProgress }),
              );
              setCurrent(result.avatar);
              void client.invalidateQueries({ queryKey: DOCTOR_INFO_KEY });
            } catch {
              // The error policy showed the server's message; the old avatar stays.
            }
          }}
        />
        {progress !== null && <ProgressBar value={progress} label={t('form.uploading')} />}
      </div>
    </div>
  );
}

export function DocumentsUpload({
  documents,
  onChange,
  error,
}: {
  documents: CertificateDocument[];
  onChange(documents: CertificateDocument[]): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('profile');
  const id = useId();
  const calls = profileCalls(usePortalApi());
  const { progress, run } = useUpload();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('form.documents')}</legend>
      <p className="text-xs text-slate-500">{t('form.documentsHint')}</p>
      <ul className="flex flex-col gap-1" aria-label={t('form.documents')}>
        {documents.map((d) => (
          <li
            key={d.id}
            className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm"
          >
            <span className="truncate">{d.name}</span>
            <button
              type="button"
              className="text-xs text-red-600 hover:underline"
              onClick={() => onChange(documents.filter((x) => x.id !== d.id))}
            >
              {t('form.removeDocument', { name: d.name })}
            </button>
          </li>
        ))}
      </ul>
      <label
        htmlFor={id}
        className="w-fit cursor-pointer rounded-lg border border-dashed border-brand px-3 py-1.5 text-sm text-brand hover:bg-brand-50"
      >
        {t('form.addDocument')}
      </label>
      <input
        id={id}
        type="file"
        accept={DOCUMENT_TYPES}
        className="sr-only"
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          try {
            const doc = await run(file, (blob, name, onUploadProgress) =>
              calls.uploadCertificate(blob, name, { onUploadProgress }),
            );
            onChange([...documents, doc]);
          } catch {
            // The error policy showed the server's message.
          }
        }}
      />
      {progress !== null && <ProgressBar value={progress} label={t('form.uploading')} />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
