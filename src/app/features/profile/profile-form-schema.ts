/**
 * The profile form's rules, matching the server's `SubmitConsultInfo` (src/shared/api/profile.ts)
 * so both refuse the same input. Messages are keys of the `profile` namespace.
 */
import type { ConsultInfo } from '../../../shared/api/profile';
import { maxChars, minChars, z } from '../../components/form-zod';

/**
 * Trimmed text of `min` to `max` characters: too short is `short` when given, else "Required" when
 * empty and the number of characters asked for when shorter; too long says how many are allowed.
 */
function text(min: number, max: number, short?: string) {
  const shortest = short
    ? [z.minLength(min, short)]
    : [...(min > 0 ? [z.minLength(1, 'validation.required')] : []), ...(min > 1 ? [minChars(min)] : [])];
  return z.string().check(z.trim(), ...shortest, maxChars(max));
}
const required = z.string().check(z.trim(), z.minLength(1, 'validation.required'));
const chooseOne = z.array(z.string()).check(z.minLength(1, 'validation.chooseOne'));

export const profileFormSchema = z.object({
  firstName: text(1, 80),
  lastName: text(1, 80),
  title: text(2, 80),
  categoryIds: chooseOne,
  languages: chooseOne,
  countries: chooseOne,
  biography: text(80, 3000, 'validation.biography'),
  yearsOfExperience: z.pipe(
    required,
    z.coerce
      .number<string>()
      .check(z.int('validation.wholeNumber'), z.gte(0, 'validation.range'), z.lte(70, 'validation.range')),
  ),
  qualifications: text(2, 500),
  licenceNumber: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'validation.licenceNumber'),
      z.maxLength(40, 'validation.licenceNumber'),
      z.regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'validation.licenceNumber'),
    ),
  licenceCountry: required,
  licenceAuthority: text(0, 120),
  licenceExpiresOn: z.string(),
  consultationFee: z.pipe(
    required,
    z.coerce.number<string>('validation.fee').check(
      z.gte(0, 'validation.fee'),
      z.lte(2000, 'validation.fee'),
      z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'validation.fee'),
    ),
  ),
  documentIds: z.array(z.number()).check(z.minLength(1, 'validation.documents')),
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
