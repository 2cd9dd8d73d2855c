import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { emailField, required } from './fields';
import { messages } from './messages';

export const passwordField = z
  .string()
  .min(1, required(messages.passwordRequired))
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, 'Must be 128 characters or fewer');

/** SPEC §5: login e-mail and password. */
export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, messages.passwordRequired),
});
export type LoginForm = z.infer<typeof loginSchema>;

/** SPEC §5: register name, e-mail and password. */
export const registerSchema = z.object({
  name: z.string().trim().min(1, messages.nameRequired).max(100, 'Must be 100 characters or fewer'),
  email: emailField,
  password: passwordField,
});
export type RegisterForm = z.infer<typeof registerSchema>;

/** Choosing a new password from a reset link. */
export const newPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;
