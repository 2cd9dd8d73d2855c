import { z } from 'zod';
import { emailField } from './fields';

/** The home page contact form. It only confirms with a toast: nothing is sent (SPEC §2). */
export const contactFormSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is Required').max(80),
  lastName: z.string().trim().min(1, 'Last name is Required').max(80),
  email: emailField,
  message: z.string().trim().min(1, 'Message is Required').max(2000),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
