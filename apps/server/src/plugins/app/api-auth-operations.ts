import {
  authErrorSchema,
  confirmEmailRequestSchema,
  requestPasswordResetResponseSchema,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signOutResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  statusResponseSchema,
} from '@toolshop/shared/auth-api';
import { z } from 'zod';
import { SECURITY_SCHEMES, STATUS_DESCRIPTIONS } from './api-operations';

/**
 * The /api/auth calls an API client starts with. Better Auth serves them through one hidden catch-all
 * route (auth/routes.ts), so they are described here, from the shared schemas of packages/shared
 * (auth-api.ts); the contract test holds them to what Better Auth answers (decision 041).
 */

type JsonSchema = Record<string, unknown>;

const jsonOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io });
  return json;
};

export const AUTH_ERROR_COMPONENT = 'AuthError';
export const authErrorComponent = () => jsonOf(authErrorSchema, 'output');

const authError = { $ref: `#/components/schemas/${AUTH_ERROR_COMPONENT}` };
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function errors(statuses: string[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: STATUS_DESCRIPTIONS[status]!,
        // The shop's input guards (malformed text, nesting) answer before Better Auth, in the shop's shape.
        content: json(
          status === '400' ? { anyOf: [authError, { $ref: '#/components/schemas/ApiError' }] } : authError,
        ),
      },
    ]),
  );
}

interface AuthCall {
  operationId: string;
  summary: string;
  description: string;
  body?: z.ZodType;
  answer: z.ZodType;
  answerDescription: string;
  signedIn?: boolean;
  errorStatuses: string[];
}

const CALLS: Record<string, AuthCall & { method: 'get' | 'post' }> = {
  '/auth/sign-up/email': {
    method: 'post',
    operationId: 'signUp',
    summary: 'Sign up with a name, an e-mail address and a password',
    description:
      'Mails a confirmation link; no session until the address is confirmed (POST /auth/confirm-email). A taken address gets the same answer, and its owner a mail.',
    body: signUpRequestSchema,
    answer: signUpResponseSchema,
    answerDescription: 'Signed up, not signed in: the confirmation link is on its way.',
    errorStatuses: ['400', '403', '429'],
  },
  '/auth/confirm-email': {
    method: 'post',
    operationId: 'confirmEmail',
    summary: 'Confirm the address with the mailed link’s token and the sign-up’s password',
    description: 'The token is the `token` query parameter of the mailed link.',
    body: confirmEmailRequestSchema,
    answer: statusResponseSchema,
    answerDescription: 'The address is confirmed: the account may sign in.',
    errorStatuses: ['400', '403', '429'],
  },
  '/auth/sign-in/email': {
    method: 'post',
    operationId: 'signIn',
    summary: 'Sign in with e-mail and password',
    description:
      'Sets the session cookie and answers the session token, for `Authorization: Bearer <token>`. An unconfirmed address gets 403 and the link again.',
    body: signInRequestSchema,
    answer: signInResponseSchema,
    answerDescription: 'Signed in.',
    errorStatuses: ['400', '401', '403', '429'],
  },
  '/auth/sign-out': {
    method: 'post',
    operationId: 'signOut',
    summary: 'Sign out: the session ends and its cookie is cleared',
    description: 'Send the session cookie or the Bearer token of the session to end.',
    answer: signOutResponseSchema,
    answerDescription: 'Signed out.',
    signedIn: true,
    errorStatuses: ['400', '401', '403'],
  },
  '/auth/request-password-reset': {
    method: 'post',
    operationId: 'requestPasswordReset',
    summary: 'Mail a password reset link',
    description: 'Answers alike whether or not the address has an account.',
    body: requestPasswordResetSchema,
    answer: requestPasswordResetResponseSchema,
    answerDescription: 'If the address has an account, the link is on its way.',
    errorStatuses: ['400', '403', '429'],
  },
  '/auth/reset-password': {
    method: 'post',
    operationId: 'resetPassword',
    summary: 'Choose a new password with the mailed reset link’s token',
    description: 'Ends every session of the account; the address counts as confirmed.',
    body: resetPasswordRequestSchema,
    answer: statusResponseSchema,
    answerDescription: 'The password is changed.',
    errorStatuses: ['400', '403', '429'],
  },
  '/auth/get-session': {
    method: 'get',
    operationId: 'getSession',
    summary: 'The signed-in account and its session, or null',
    description: 'Anyone may call this: a visitor gets `null`.',
    answer: sessionResponseSchema,
    answerDescription: 'The session and its account; `null` when not signed in.',
    errorStatuses: [],
  },
};

const session = [{ [SECURITY_SCHEMES.session]: [] }, { [SECURITY_SCHEMES.bearer]: [] }];

/** The path items of the auth calls, relative to the /api server. */
export function authPaths(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(CALLS).map(([path, call]) => [
      path,
      {
        [call.method]: {
          operationId: call.operationId,
          summary: call.summary,
          description: call.description,
          tags: ['auth'],
          security: call.signedIn ? session : [],
          ...(call.body
            ? { requestBody: { required: true, content: json(jsonOf(call.body, 'input')) } }
            : {}),
          responses: {
            200: { description: call.answerDescription, content: json(jsonOf(call.answer, 'output')) },
            ...errors(call.errorStatuses),
          },
        },
      },
    ]),
  );
}
