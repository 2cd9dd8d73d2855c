import { z } from 'zod';
import { messages } from './messages';
import { EMAIL_PATTERN } from './patterns';

export { EMAIL_PATTERN };

/**
 * A required check that stops the field's other checks when it fails, so an empty field says only
 * "… is Required", never also "Provide a valid …".
 */
export const required = (message: string) => ({ error: message, abort: true }) as const;

/** What a form or a client sends for a number it left out: nothing, null, an empty text, or an empty input's NaN. */
const isMissing = (input: unknown) =>
  input === undefined ||
  input === null ||
  Number.isNaN(input) ||
  (typeof input === 'string' && input.trim() === '');

/**
 * A number field: SPEC's "… is Required" (`requiredMessage`) when the value is missing, "Must be a number"
 * when it is there but of another type, such as the text `"4"` (decision 040).
 */
export const numberField = (requiredMessage: string) =>
  z.number({ error: (issue) => (isMissing(issue.input) ? requiredMessage : messages.mustBeNumber) });

/** An e-mail form field with SPEC §5's two messages: required, then the pattern. */
export const emailField = z
  .string()
  .trim()
  .min(1, required(messages.emailRequired))
  .regex(EMAIL_PATTERN, messages.emailInvalid);
