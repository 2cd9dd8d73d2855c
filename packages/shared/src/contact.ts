import { messages } from './messages';
import { EMAIL_PATTERN } from './patterns';

/** The home page contact form. It only confirms with a toast: nothing is sent (SPEC §2). */
export interface ContactForm {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
}

export const CONTACT_MAX_LENGTH = { firstName: 80, lastName: 80, email: 254, message: 2000 } as const;

export type ContactErrors = Partial<Record<keyof ContactForm, string>>;

/**
 * What is wrong with a contact message, field by field (empty when nothing is). Plain rules rather than a
 * zod schema: the form lives on the home page, which must load little JavaScript, and nothing is sent, so
 * no server shares these checks.
 */
export function contactFormErrors(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  if (!form.firstName.trim()) errors.firstName = 'First name is Required';
  if (!form.lastName.trim()) errors.lastName = 'Last name is Required';
  const email = form.email.trim();
  if (!email) errors.email = messages.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = messages.emailInvalid;
  if (!form.message.trim()) errors.message = 'Message is Required';
  return errors;
}
