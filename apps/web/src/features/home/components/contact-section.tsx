import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toasts';
import {
  CONTACT_MAX_LENGTH,
  contactFormErrors,
  type ContactErrors,
  type ContactForm,
} from '@toolshop/shared/contact';
import { toasts } from '@toolshop/shared/messages';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { SubmitButton } from '../../../components/form/submit-button';

const FIELDS = ['firstName', 'lastName', 'email', 'message'] as const;

/**
 * SPEC §2: the form only confirms with a toast; nothing is sent anywhere. Uncontrolled fields read on
 * submit: no form library on the home page.
 */
export function ContactSection() {
  const [errors, setErrors] = useState<ContactErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: keyof ContactForm) => String(data.get(name) ?? '');
    const values: ContactForm = {
      firstName: text('firstName'),
      lastName: text('lastName'),
      email: text('email'),
      message: text('message'),
    };
    const found = contactFormErrors(values);
    setErrors(found);
    const firstWrong = FIELDS.find((name) => found[name]);
    if (firstWrong) {
      const field = form.elements.namedItem(firstWrong);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    toast.success(toasts.contactReceived);
    form.reset();
  };

  return (
    <section aria-labelledby="contact-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="grid overflow-hidden rounded-box bg-base-100 shadow-xl lg:grid-cols-5">
        <div className="bg-secondary p-8 text-secondary-content sm:p-10 lg:col-span-2">
          <h2 id="contact-heading" className="text-3xl font-bold">
            Contact Us
          </h2>
          <p className="mt-4 text-slate-300">
            Need a quote for a larger order, or advice on the right tool for a repair? Leave us a message.
          </p>
          <ul className="mt-8 space-y-3 text-sm text-slate-300">
            <li>Sales desk: Monday to Friday, 9:00–18:00</li>
            <li>Orders ship within two working days</li>
          </ul>
        </div>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 p-8 sm:grid-cols-2 sm:p-10 lg:col-span-3">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            maxLength={CONTACT_MAX_LENGTH.firstName}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            maxLength={CONTACT_MAX_LENGTH.lastName}
            error={errors.lastName}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={CONTACT_MAX_LENGTH.email}
              error={errors.email}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label="Message"
              name="message"
              rows={5}
              maxLength={CONTACT_MAX_LENGTH.message}
              error={errors.message}
            />
          </div>
          <div className="sm:col-span-2">
            <SubmitButton busy={false} className="w-full sm:w-auto sm:px-10">
              Send
            </SubmitButton>
          </div>
        </form>
      </div>
    </section>
  );
}
