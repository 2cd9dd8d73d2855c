import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { emailField, required } from './fields';
import { messages } from './messages';

export const passwordField = z
  .string()
  .min(1, required(messages.passwordRequired))
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(128, 'Must be 128 characters or fewer');

/** Account texts not quoted by SPEC; the server sends them and the web shows them as they come. */
export const accountMessages = {
  nameTooLong: 'Must be 100 characters or fewer',
  nameInvalid: 'Name cannot contain line breaks or control characters',
  confirmationLinkInvalid: 'This confirmation link is invalid or has expired.',
  confirmationPasswordWrong:
    'That is not the password of this sign-up. If you did not sign up yourself, sign up again or reset your password.',
  passwordTooCommon:
    'This password is one of the most commonly used ones and easy to guess. Please choose another.',
  checkInbox: 'Check your inbox: we sent you a link to confirm your e-mail address.',
} as const;

// eslint-disable-next-line no-control-regex -- control characters are exactly what names may not hold
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** A person's display name, wherever it is set (sign-up, profile, a sign-in provider's profile). */
export const nameField = z
  .string()
  .trim()
  .min(1, messages.nameRequired)
  .max(100, accountMessages.nameTooLong)
  .refine((name) => name.search(CONTROL_CHARACTERS) === -1, accountMessages.nameInvalid);

/** A sign-in provider's name made fit for the shop (rather than refusing the sign-in). */
export function sanitisedName(name: string, fallback: string): string {
  return name.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, 100).trim() || fallback.slice(0, 100);
}

/** SPEC §5: login e-mail and password (SPEC's minimum length is checked here too). */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string()
    .min(1, required(messages.passwordRequired))
    .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort),
});
export type LoginForm = z.infer<typeof loginSchema>;

/** SPEC §5: register name, e-mail and password. */
export const registerSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
});
export type RegisterForm = z.infer<typeof registerSchema>;

/** Confirming an address: the mailed link's token and the password chosen at sign-up (decision 014). */
export const confirmEmailSchema = z.object({
  token: z.string().min(1),
  password: z.string().min(1, required(messages.passwordRequired)),
});
export type ConfirmEmailForm = z.infer<typeof confirmEmailSchema>;

/** Choosing a new password from a reset link. */
export const newPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;
