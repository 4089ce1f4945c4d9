/**
 * Account calls, spec §7 "Account", plus the sign-out call that `TOKEN_ERR_LOGOUT` needs.
 * Paths are below `/api`.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import {
  AnyPassword,
  CountryCode,
  Email,
  LanguageField as Language,
  NewPassword,
  PersonName,
  TimeZone,
} from './fields';

/** Profile audit status, spec §4; `null` until the first profile submission. */
export const AuditStatus = z.enum(['NEED_AUDIT', 'AUDIT_PASSED', 'AUDIT_NOT_PASSED']);
export type AuditStatus = z.infer<typeof AuditStatus>;

/** Provider (doctor) info, loaded into the portal's user info (spec §3). */
export const DoctorInfo = z.object({
  userId: z.number().check(z.int()),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  title: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  language: Language,
  timezone: z.string(),
  country: z.nullable(z.string()),
  auditStatus: z.nullable(AuditStatus),
  chatId: z.number().check(z.int()),
  createdAt: z.string(),
  /** The address was confirmed with the mailed code; until then the profile cannot be submitted. */
  emailVerified: z.boolean(),
});
export type DoctorInfo = z.infer<typeof DoctorInfo>;

export const SignInResult = z.object({
  token: z.string(),
  userInfo: DoctorInfo,
  /** Seconds without activity after which the portal signs out (docs/security.md "Automatic logoff"). */
  autoLogoffSeconds: z.number().check(z.int(), z.positive()),
});
export type SignInResult = z.infer<typeof SignInResult>;

/** What a provider proves a sign-in with, or enrols, beside her password (docs/security.md "Second factor"). */
export const SecondFactorMethod = z.enum(['passkey', 'totp', 'recovery']);
export type SecondFactorMethod = z.infer<typeof SecondFactorMethod>;

/**
 * The password was right and a second step is due: `VERIFY` a factor she has, or `ENROL` a first
 * one where the operator requires it (REQUIRE_MFA). `token` is taken by the second-step endpoints
 * (and, to enrol, by the enrolment ones) and by nothing else; it ends after `expiresInSeconds` or
 * `triesLeft` wrong answers.
 */
export const SecondStep = z.object({
  token: z.string(),
  purpose: z.enum(['VERIFY', 'ENROL']),
  /** VERIFY: the factors she has (recovery codes included); ENROL: the factors she may add. */
  methods: z.array(SecondFactorMethod),
  expiresInSeconds: z.number().check(z.int(), z.positive()),
  triesLeft: z.number().check(z.int(), z.nonnegative()),
});
export type SecondStep = z.infer<typeof SecondStep>;

/**
 * Sign-in and sign-up answer a session (`token`), or, when a second factor is due, the step that
 * leads to one (`secondStep`); the session comes from completing that step.
 */
export const SignInAnswer = z.union([SignInResult, z.object({ secondStep: SecondStep })]);
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** Six digits, as mailed (sign-up, the legacy verification). */
export const VerificationCode = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'The code has 6 digits'));

/** How long a sign-up's mailed code is valid (docs/security.md "Sign-up"). */
export const SIGN_UP_CODE_SECONDS = 3600;

/**
 * A sign-up was taken: a code is on its way to `sentTo`. `signUpId` names this sign-up when the
 * code is confirmed; only the browser that asked knows it. The answer is the same for an address
 * that is registered already (its owner is mailed a note instead of a code).
 */
export const SignUpStarted = z.object({
  step: z.literal('CODE_SENT'),
  signUpId: z.string(),
  sentTo: z.string(),
  expiresInSeconds: z.number().check(z.int(), z.positive()),
});
export type SignUpStarted = z.infer<typeof SignUpStarted>;

export const signUp = defineEndpoint({
  id: 'signUp',
  method: 'POST',
  path: '/user/user/sign/up/doctor',
  summary:
    'Start a provider sign-up: mails a 6-digit code to the address; the account is made when the code is ' +
    'confirmed (confirmSignUp). The answer is the same whether or not the address is registered; the owner ' +
    'of a registered one is mailed a note instead. Limited per client and per address',
  tag: 'Account',
  auth: 'public',
  body: z.object({
    email: Email,
    password: NewPassword,
    firstName: PersonName,
    lastName: PersonName,
    language: z.optional(Language),
    timezone: z.optional(TimeZone),
  }),
  response: SignUpStarted,
});

export const confirmSignUp = defineEndpoint({
  id: 'confirmSignUp',
  method: 'POST',
  path: '/user/user/sign/up/doctor/confirm',
  summary:
    'Finish a sign-up with the mailed code: makes the account, its address confirmed, and signs it in; where a ' +
    'second factor is required (REQUIRE_MFA) the answer is the enrolment step (`secondStep`) instead of a ' +
    'session. Five tries per sign-up; a wrong, used or expired code, or an unknown signUpId, is ' +
    'VERIFICATION_CODE_INVALID',
  tag: 'Account',
  auth: 'public',
  body: z.object({
    signUpId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    code: VerificationCode,
  }),
  response: SignInAnswer,
});

export const signIn = defineEndpoint({
  id: 'signIn',
  method: 'POST',
  path: '/user/user/sign/in/doctor',
  summary:
    'Sign in; ends (kicks) every older session of the account. A provider with a second factor, or without one ' +
    'where it is required, gets the second step (`secondStep`) instead: the session, and the kick, come with ' +
    'completing it',
  tag: 'Account',
  auth: 'public',
  body: z.object({ email: Email, password: AnyPassword }),
  response: SignInAnswer,
});

export const signOut = defineEndpoint({
  id: 'signOut',
  method: 'POST',
  path: '/user/user/sign/out/doctor',
  summary:
    'Sign out: ends this session, its chat sessions and app sockets (later calls get TOKEN_ERR_LOGOUT)',
  tag: 'Account',
  auth: 'token',
  response: z.null(),
});

export const reportActivity = defineEndpoint({
  id: 'reportActivity',
  method: 'POST',
  path: '/user/user/sign/activity/doctor',
  summary:
    'Automatic logoff: the provider was active in the portal (at most once a minute, or a quarter of autoLogoffSeconds when that is shorter). A session without it for autoLogoffSeconds is ended at the server as by sign-out (later calls get TOKEN_ERR_LOGOUT); other calls and socket traffic do not count',
  tag: 'Account',
  auth: 'token',
  response: z.null(),
});

export const ForgetPasswordStep = z.enum(['CODE_SENT', 'PASSWORD_RESET']);

export const forgetPassword = defineEndpoint({
  id: 'forgetPassword',
  method: 'POST',
  path: '/user/user/sign/forget/password',
  summary:
    'With `email` only: mail a reset code (the answer is the same whether or not the address is registered). ' +
    'With `email`, `code` and `password`: set the new password and end every session.',
  tag: 'Account',
  auth: 'public',
  body: z
    .object({
      email: Email,
      code: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/, 'The code has 6 digits'))),
      password: z.optional(NewPassword),
    })
    .check(
      z.refine((b) => (b.code === undefined) === (b.password === undefined), {
        message: 'Give both the code and the new password',
        path: ['password'],
      }),
    ),
  response: z.object({ step: ForgetPasswordStep }),
});

export const modifyPassword = defineEndpoint({
  id: 'modifyPassword',
  method: 'POST',
  path: '/user/user/sign/modify/doctor/password',
  summary: 'Change the password of the signed-in provider; other sessions are ended',
  tag: 'Account',
  auth: 'token',
  body: z.object({ oldPassword: AnyPassword, password: NewPassword }).check(
    z.refine((b) => b.oldPassword !== b.password, {
      message: 'The new password must differ from the old one',
      path: ['password'],
    }),
  ),
  response: z.null(),
});

export const getDoctorInfo = defineEndpoint({
  id: 'getDoctorInfo',
  method: 'GET',
  path: '/consultation/invite/doctor/getInfo',
  summary: 'The signed-in provider',
  tag: 'Account',
  auth: 'token',
  response: DoctorInfo,
});

export const updateDoctorInfo = defineEndpoint({
  id: 'updateDoctorInfo',
  method: 'POST',
  path: '/user/user/doctor/updateDoctorInfo',
  summary:
    'Update basic info of the signed-in provider without a new review (the audit status stays); absent fields ' +
    'keep their value, empty optional fields clear it. Once a profile was submitted, the name and title change ' +
    'only with a new submission: changing them here is INVALID_STATE',
  tag: 'Account',
  auth: 'token',
  body: z.object({
    firstName: z.optional(PersonName),
    lastName: z.optional(PersonName),
    title: z.optional(z.string().check(z.trim(), z.maxLength(80))),
    phone: z.optional(
      z.string().check(z.trim(), z.regex(/^$|^\+?[0-9 ()-]{5,20}$/, 'Enter a valid phone number')),
    ),
    language: z.optional(Language),
    timezone: z.optional(TimeZone),
    country: z.optional(z.union([z.literal(''), CountryCode])),
  }),
  response: DoctorInfo,
});

/** Avatar upload limits: the portal compresses first (spec §5); the server takes at most 20 MB. */
export const AVATAR_MAX_BYTES = 20 * 1024 * 1024;
export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const updateDoctorAvatar = defineEndpoint({
  id: 'updateDoctorAvatar',
  method: 'POST',
  path: '/user/doctor/updateDoctorAvatar',
  summary: 'Replace the avatar: multipart field `file` (JPEG, PNG, WebP or GIF, at most 20 MB)',
  tag: 'Account',
  auth: 'token',
  encoding: 'multipart',
  response: z.object({ avatar: z.string() }),
});

export const ConsultationCounts = z.object({
  /** Consultations that block cancelling the account: upcoming plus in progress. */
  having: z.number().check(z.int()),
  upcoming: z.number().check(z.int()),
  inProgress: z.number().check(z.int()),
  completed: z.number().check(z.int()),
  cancelled: z.number().check(z.int()),
  total: z.number().check(z.int()),
});

export const consultationCounts = defineEndpoint({
  id: 'consultationCounts',
  method: 'GET',
  path: '/consultation/invite/doctor/having/consultation/counts',
  summary: "Counts of the provider's consultations by state",
  tag: 'Account',
  auth: 'token',
  response: ConsultationCounts,
});

export const cancelAccount = defineEndpoint({
  id: 'cancelAccount',
  method: 'POST',
  path: '/user/doctor/cancellation/account',
  summary:
    'Cancel the account after confirming the password; refused with ACCOUNT_HAS_CONSULTATIONS while any is upcoming or in progress',
  tag: 'Account',
  auth: 'token',
  body: z.object({ password: AnyPassword }),
  response: z.null(),
});

/** Seconds between two verification mails to one account. */
export const VERIFICATION_RESEND_SECONDS = 60;

export const sendEmailVerification = defineEndpoint({
  id: 'sendEmailVerification',
  method: 'POST',
  path: '/user/user/sign/verify/email/send',
  summary:
    'Mail a verification code to the signed-in provider whose address is not confirmed (an account made before ' +
    'sign-up confirmed addresses); older codes stop working. ' +
    `At most one a ${VERIFICATION_RESEND_SECONDS} s and five an hour (RATE_LIMITED); INVALID_STATE once verified`,
  tag: 'Account',
  auth: 'token',
  response: z.object({ sentTo: z.string(), resendAfterSeconds: z.number().check(z.int()) }),
});

export const verifyEmail = defineEndpoint({
  id: 'verifyEmail',
  method: 'POST',
  path: '/user/user/sign/verify/email',
  summary:
    'Confirm the address with the mailed code (valid 24 hours, 5 tries); answers the provider, now verified. ' +
    'Answers OK again for an address already verified',
  tag: 'Account',
  auth: 'token',
  body: z.object({ code: VerificationCode }),
  response: DoctorInfo,
});
