/**
 * The profile form's rules, matching the server's `SubmitConsultInfo` (src/shared/api/profile.ts)
 * so both refuse the same input. Messages are keys of the `profile` namespace.
 */
import { z } from 'zod';
import type { ConsultInfo } from '../../../shared/api/profile';

const required = z.string().trim().min(1, 'validation.required');

export const profileFormSchema = z.object({
  firstName: required.max(80),
  lastName: required.max(80),
  title: z.string().trim().min(2, 'validation.required').max(80),
  categoryIds: z.array(z.string()).min(1, 'validation.chooseOne'),
  languages: z.array(z.string()).min(1, 'validation.chooseOne'),
  countries: z.array(z.string()).min(1, 'validation.chooseOne'),
  biography: z.string().trim().min(80, 'validation.biography').max(3000),
  yearsOfExperience: required.pipe(
    z.coerce
      .number<string>()
      .int('validation.wholeNumber')
      .min(0, 'validation.range')
      .max(70, 'validation.range'),
  ),
  qualifications: z.string().trim().min(2, 'validation.required').max(500),
  licenceNumber: z
    .string()
    .trim()
    .min(3, 'validation.licenceNumber')
    .max(40, 'validation.licenceNumber')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'validation.licenceNumber'),
  licenceCountry: required,
  licenceAuthority: z.string().trim().max(120),
  licenceExpiresOn: z.string(),
  consultationFee: required.pipe(
    z.coerce
      .number<string>('validation.fee')
      .min(0, 'validation.fee')
      .max(2000, 'validation.fee')
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'validation.fee'),
  ),
  documentIds: z.array(z.number()).min(1, 'validation.documents'),
});

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** The form's starting values: the submitted profile, or the account's name and title. */
export function initialProfileValues(
  info: ConsultInfo | null,
  account: { firstName: string; lastName: string; title: string | null; country: string | null } | null,
): ProfileFormInput {
  return {
    firstName: info?.firstName ?? account?.firstName ?? '',
    lastName: info?.lastName ?? account?.lastName ?? '',
    title: info?.title ?? account?.title ?? '',
    categoryIds: info?.categoryIds.map(String) ?? [],
    languages: info?.languages ?? [],
    countries: info?.countries ?? (account?.country ? [account.country] : []),
    biography: info?.biography ?? '',
    yearsOfExperience: info ? String(info.yearsOfExperience) : '',
    qualifications: info?.qualifications ?? '',
    licenceNumber: info?.licenceNumber ?? '',
    licenceCountry: info?.licenceCountry ?? account?.country ?? '',
    licenceAuthority: info?.licenceAuthority ?? '',
    licenceExpiresOn: info?.licenceExpiresOn ?? '',
    consultationFee: info ? (info.consultationFee.amountCents / 100).toFixed(2) : '',
    documentIds: info?.documents.map((d) => d.id) ?? [],
  };
}

/** The form values as the submission body (form-encoded lists are comma-joined by src/rest). */
export function toSubmission(v: ProfileFormValues) {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    title: v.title,
    categoryIds: v.categoryIds.join(','),
    languages: v.languages.join(','),
    countries: v.countries.join(','),
    biography: v.biography,
    yearsOfExperience: v.yearsOfExperience,
    qualifications: v.qualifications,
    licenceNumber: v.licenceNumber,
    licenceCountry: v.licenceCountry,
    licenceAuthority: v.licenceAuthority,
    licenceExpiresOn: v.licenceExpiresOn,
    documentIds: v.documentIds.join(','),
    consultationFee: v.consultationFee,
  };
}
