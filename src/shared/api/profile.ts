/**
 * Profile and certification calls of spec §7 "Profile and schedule", and the audit info of spec §3
 * and §4. The consultation info fields are ours (spec: "not shown"): what a fertility or pregnancy
 * provider is reviewed on — specialities, languages, countries served, biography, credentials with
 * the licence number and issuing country, certificate documents and the consultation fee.
 */
import { z } from 'zod/mini';
import { AuditStatus } from './account';
import { defineEndpoint } from './endpoint';
import { CountryCode, IdList, PersonName } from './fields';
import { CodeList, Instant, LocalDate, Money } from './workspace-fields';

export const CategoryOption = z.object({
  id: z.number().check(z.int()),
  code: z.string().check(z.describe('Stable code, e.g. REPRODUCTIVE_ENDOCRINOLOGY')),
  name: z.string(),
  description: z.string(),
});

export const LanguageOption = z.object({
  code: z.string().check(z.describe('ISO 639-1 code')),
  name: z.string().check(z.describe('English name')),
  nativeName: z.string(),
});

export const CountryOption = z.object({
  code: z.string().check(z.describe('ISO 3166-1 alpha-2 code')),
  name: z.string(),
});

export const getDoctorCategoryList = defineEndpoint({
  id: 'getDoctorCategoryList',
  method: 'GET',
  path: '/user/user/getDoctorCategoryList',
  summary: 'Provider specialities a profile can list (fertility, pregnancy, nutrition, mental health …)',
  tag: 'Profile',
  auth: 'token',
  response: z.array(CategoryOption),
});

export const getLanguageList = defineEndpoint({
  id: 'getLanguageList',
  method: 'GET',
  path: '/misc/lang/list',
  summary: 'Languages a provider can consult in (not the portal languages of spec §1)',
  tag: 'Profile',
  auth: 'token',
  response: z.array(LanguageOption),
});

export const getConsultationCountry = defineEndpoint({
  id: 'getConsultationCountry',
  method: 'GET',
  path: '/consultation/doctor/getConsultationCountry',
  summary: 'Countries where the service offers consultations (licences are checked against them)',
  tag: 'Profile',
  auth: 'token',
  response: z.array(CountryOption),
});

/** The only payout currency of the service; the portal shows it as $ (spec §9). */
export const FEE_CURRENCY = 'USD';

export const CertificateDocument = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  contentType: z.string(),
  size: z.number().check(z.int()),
  uploadedAt: Instant,
});
export type CertificateDocument = z.infer<typeof CertificateDocument>;

/** The consultation info a provider submits for review (spec §3 "consultation info"). */
export const ConsultInfo = z.object({
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  avatar: z.nullable(z.string()),
  categoryIds: z.array(z.number().check(z.int())),
  languages: z.array(z.string()),
  countries: z.array(z.string()),
  biography: z.string(),
  yearsOfExperience: z.number().check(z.int()),
  qualifications: z.string(),
  licenceNumber: z.string(),
  licenceCountry: z.string(),
  licenceAuthority: z.string(),
  licenceExpiresOn: z.nullable(z.string()),
  documents: z.array(CertificateDocument),
  consultationFee: Money,
  submittedAt: Instant,
});
export type ConsultInfo = z.infer<typeof ConsultInfo>;

/** Audit info, spec §3: status, submission and decision times, reasons, and the popup flag. */
export const AuditInfo = z.object({
  auditStatus: z.nullable(AuditStatus).check(z.describe('null until the first submission')),
  auditCreateTime: z.nullable(Instant).check(z.describe('When the profile under review was submitted')),
  auditedTime: z.nullable(Instant).check(z.describe('When the reviewer decided')),
  reasons: z.array(z.string()).check(z.describe('Why the profile was not approved (AUDIT_NOT_PASSED only)')),
  auditedPopupPage: z
    .boolean()
    .check(
      z.describe('true once the provider has seen the popup of the latest decision; false while it is due'),
    ),
});
export type AuditInfo = z.infer<typeof AuditInfo>;

export const AuditInfoWithProfile = z.extend(AuditInfo, { consultInfo: z.nullable(ConsultInfo) });
export type AuditInfoWithProfile = z.infer<typeof AuditInfoWithProfile>;

const Biography = z
  .string()
  .check(
    z.trim(),
    z.minLength(80, 'Tell clients about your practice in at least 80 characters'),
    z.maxLength(3000),
  );

export const SubmitConsultInfo = z.object({
  firstName: PersonName,
  lastName: PersonName,
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Required'),
      z.maxLength(80),
      z.describe('Professional title, e.g. Fertility nurse'),
    ),
  categoryIds: IdList.check(z.describe('Ids from getDoctorCategoryList, comma-separated')),
  languages: z.pipe(
    CodeList,
    z.array(z.string().check(z.regex(/^[a-z]{2}$/))).check(z.minLength(1, 'Choose at least one language')),
  ),
  countries: z.pipe(
    CodeList,
    z
      .array(z.string().check(z.toUpperCase(), z.regex(/^[A-Z]{2}$/)))
      .check(z.minLength(1, 'Choose at least one country')),
  ),
  biography: Biography,
  yearsOfExperience: z.coerce.number().check(z.int(), z.gte(0), z.lte(70)),
  qualifications: z
    .string()
    .check(z.trim(), z.minLength(2, 'Required'), z.maxLength(500), z.describe('Degrees and training')),
  licenceNumber: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Enter your licence number'),
      z.maxLength(40),
      z.regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'Use letters, digits, spaces, dots, slashes and dashes'),
    ),
  licenceCountry: CountryCode.check(z.describe('Country that issued the licence')),
  licenceAuthority: z
    ._default(z.string().check(z.trim(), z.maxLength(120)), '')
    .check(z.describe('Issuing body, e.g. GMC')),
  licenceExpiresOn: z
    ._default(z.union([z.literal(''), LocalDate]), '')
    .check(z.describe('YYYY-MM-DD, empty if none')),
  documentIds: IdList.check(z.describe('Uploaded certificate documents (licence, diplomas), at least one')),
  consultationFee: z.coerce.number().check(
    z.gte(0),
    z.lte(2000),
    z.refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Use at most two decimals'),
    z.describe('Fee per consultation in USD'),
  ),
});

export const addConsultInfoAudit = defineEndpoint({
  id: 'addConsultInfoAudit',
  method: 'POST',
  path: '/consultation/invite/doctor/addConsultInfoAudit',
  summary:
    'Submit the profile and certification for review: the status becomes NEED_AUDIT (spec §4). ' +
    'Refused with INVALID_STATE while a submission is already under review, and with EMAIL_NOT_VERIFIED ' +
    'until the provider confirmed the e-mail address.',
  tag: 'Profile',
  auth: 'token',
  body: SubmitConsultInfo,
  response: AuditInfoWithProfile,
});

export const getAuditInfo = defineEndpoint({
  id: 'getAuditInfo',
  method: 'GET',
  path: '/consultation/invite/consultation/info/audit/getInfo',
  summary:
    'Audit info and the submitted consultation info; the portal fetches it on every navigation (spec §4)',
  tag: 'Profile',
  auth: 'token',
  response: AuditInfoWithProfile,
});

export const markAuditPopupShown = defineEndpoint({
  id: 'markAuditPopupShown',
  method: 'POST',
  path: '/consultation/invite/consultation/info/audit/popupShown',
  summary:
    'Record that the provider has seen the popup of the latest decision (auditedPopupPage becomes true)',
  tag: 'Profile',
  auth: 'token',
  response: AuditInfo,
});

/** Certificate uploads: images (compressed by the portal, spec §5) or PDF, at most 20 MB. */
export const CERTIFICATE_MAX_BYTES = 20 * 1024 * 1024;
export const CERTIFICATE_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;

export const uploadCertificate = defineEndpoint({
  id: 'uploadCertificate',
  method: 'POST',
  path: '/consultation/invite/doctor/certificate/upload',
  summary:
    'Upload one certificate document: multipart field `file` (JPEG, PNG, WebP or PDF, at most 20 MB). ' +
    'It is private: only its owner (and reviewers) can read it, at GET …/certificate/{id}.',
  tag: 'Profile',
  auth: 'token',
  encoding: 'multipart',
  response: CertificateDocument,
});

/** Path of the raw document download (registered outside the JSON envelope). */
export const CERTIFICATE_FILE_PATH = '/consultation/invite/doctor/certificate/{id}';
