/**
 * Form rules for the sign-in, sign-up and password forms. Messages are i18n keys (namespace
 * `auth`); the rules match the server's (src/shared/api/fields.ts) so both refuse the same input.
 * Written with `zod/mini`, as the API contracts are (docs/performance.md "Route budgets").
 */
import { maxChars, z } from '../../components/form-zod';

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'validation.required')),
  z.email('validation.email'),
);
const newPassword = z.string().check(
  z.minLength(8, 'validation.passwordRule'),
  z.maxLength(128, 'validation.passwordRule'),
  z.refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), 'validation.passwordRule'),
);
const name = z.string().check(z.trim(), z.minLength(1, 'validation.required'), maxChars(80));
const confirmed = z.refine<{ password: string; confirmPassword: string }>(
  (v) => v.password === v.confirmPassword,
  {
    message: 'validation.passwordsDiffer',
    path: ['confirmPassword'],
  },
);

export const signInSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'validation.required')),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({ firstName: name, lastName: name, email, password: newPassword, confirmPassword: z.string() })
  .check(confirmed);
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotEmailSchema = z.object({ email });
export const forgotResetSchema = z
  .object({
    code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'validation.code')),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .check(confirmed);

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().check(z.minLength(1, 'validation.required')),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .check(confirmed);
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
