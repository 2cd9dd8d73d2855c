import { z } from 'zod';
import { confirmEmailSchema, nameField, passwordField } from './auth';
import { emailField } from './fields';
import { roleSchema } from './user';

/**
 * What Better Auth's calls under /api/auth take and answer, as an API client meets them (decision 041).
 * They describe Better Auth's behaviour in this shop (e-mail confirmation first, no session at sign-up);
 * Better Auth itself validates the requests.
 */

/** Better Auth's own error body: `{ code, message }` (the shop's input guards answer in the shop's shape). */
export const authErrorSchema = z.object({
  code: z.string().optional().describe('A stable code, e.g. INVALID_EMAIL_OR_PASSWORD'),
  message: z.string(),
});

/** The account as Better Auth returns it. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullish(),
  role: roleSchema.optional(),
  createdAt: z.string().describe('ISO 8601 date-time'),
  updatedAt: z.string().describe('ISO 8601 date-time'),
});

export const signUpRequestSchema = z.object({ name: nameField, email: emailField, password: passwordField });

/** Sign-up never signs in: the address is confirmed first (decision 014), so `token` is null. */
export const signUpResponseSchema = z.object({ token: z.null(), user: authUserSchema });

export const confirmEmailRequestSchema = confirmEmailSchema;

export const statusResponseSchema = z.object({ status: z.literal(true) });

export const signInRequestSchema = z.object({
  email: emailField,
  password: z.string().min(1),
  rememberMe: z.boolean().optional(),
});

export const signInResponseSchema = z.object({
  redirect: z.literal(false),
  token: z.string().describe('The session token: send it as `Authorization: Bearer <token>`'),
  url: z.string().nullish(),
  user: authUserSchema,
});

export const signOutResponseSchema = z.object({ success: z.literal(true) });

export const requestPasswordResetSchema = z.object({
  email: emailField,
  redirectTo: z.string().optional().describe('Where the mailed link leads (the shop’s own page by default)'),
});

export const requestPasswordResetResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
});

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1).describe('The token of the mailed reset link'),
  newPassword: passwordField,
});

export const sessionResponseSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string().describe('ISO 8601 date-time'),
      token: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      ipAddress: z.string().nullish(),
      userAgent: z.string().nullish(),
    }),
    user: authUserSchema,
  })
  .nullable();
