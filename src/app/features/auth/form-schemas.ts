/**
 * Form rules for the sign-in, sign-up and password forms. Messages are i18n keys (namespace
 * `auth`); the rules match the server's (src/shared/api/fields.ts) so both refuse the same input.
 */
import { z } from 'zod';

const email = z.string().trim().min(1, 'validation.required').pipe(z.email('validation.email'));
const newPassword = z
  .string()
  .min(8, 'validation.passwordRule')
  .max(128, 'validation.passwordRule')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), 'validation.passwordRule');
const required = z.string().trim().min(1, 'validation.required');

export const signInSchema = z.object({ email, password: z.string().min(1, 'validation.required') });
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    firstName: required.max(80),
    lastName: required.max(80),
    email,
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordsDiffer',
    path: ['confirmPassword'],
  });
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotEmailSchema = z.object({ email });
export const forgotResetSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'validation.code'),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordsDiffer',
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'validation.required'),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordsDiffer',
    path: ['confirmPassword'],
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
