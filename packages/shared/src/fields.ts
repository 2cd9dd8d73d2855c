import { z } from 'zod';
import { messages } from './messages';
import { EMAIL_PATTERN } from './patterns';

export { EMAIL_PATTERN };

/**
 * A required check that stops the field's other checks when it fails, so an empty field says only
 * "… is Required", never also "Provide a valid …".
 */
export const required = (message: string) => ({ error: message, abort: true }) as const;

/** An e-mail form field with SPEC §5's two messages: required, then the pattern. */
export const emailField = z
  .string()
  .trim()
  .min(1, required(messages.emailRequired))
  .regex(EMAIL_PATTERN, messages.emailInvalid);
