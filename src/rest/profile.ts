/**
 * Profile and review calls (issue 5; src/shared/api/profile.ts), one function per endpoint, with the
 * uploads of the provider's documents and avatar. A module of its own, so a route that only reads
 * the profile loads no other domain's contract (docs/performance.md "Route budgets").
 */
import { updateDoctorAvatar } from '../shared/api/account';
import type { BodyOf } from '../shared/api/endpoint';
import * as profile from '../shared/api/profile';
import type { ApiClient, CallExtra as Extra } from './client';
import type { Uploader } from './upload';

type Progress = { onUploadProgress?(fraction: number): void; signal?: AbortSignal };

function single(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('file', file, name);
  return form;
}

export const profileApi = (api: ApiClient, upload: Uploader) => ({
  categories: (extra?: Extra) => api.call(profile.getDoctorCategoryList, { ...extra }),
  languages: (extra?: Extra) => api.call(profile.getLanguageList, { ...extra }),
  countries: (extra?: Extra) => api.call(profile.getConsultationCountry, { ...extra }),
  auditInfo: (extra?: Extra) => api.call(profile.getAuditInfo, { ...extra }),
  /** Kept alive: "Got it" is often followed at once by a navigation that would abort it. */
  markPopupShown: (extra?: Extra) => api.call(profile.markAuditPopupShown, { keepalive: true, ...extra }),
  submit: (body: BodyOf<typeof profile.addConsultInfoAudit>, extra?: Extra) =>
    api.call(profile.addConsultInfoAudit, { body, ...extra }),
  uploadCertificate: (file: Blob, name: string, progress?: Progress) =>
    upload(profile.uploadCertificate, single(file, name), progress),
  uploadAvatar: (file: Blob, name: string, progress?: Progress) =>
    upload(updateDoctorAvatar, single(file, name), progress),
  /** The bytes of one of the provider's documents (sent with the token, so not a plain link). */
  downloadCertificate: async (id: number): Promise<Blob> => {
    const response = await api.http(
      profile.CERTIFICATE_FILE_PATH.replace('{id}', String(id)).replace(/^\//, ''),
    );
    if (!response.ok) throw new Error(`Download failed (HTTP ${response.status})`);
    return response.blob();
  },
});
