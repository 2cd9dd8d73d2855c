import { z } from 'zod';
import { messages } from './messages';

/** A simple address pattern, as SPEC §5 asks: something@something.tld */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail form field with SPEC §5's two messages: required, then the pattern. */
export const emailField = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .regex(EMAIL_PATTERN, messages.emailInvalid);
