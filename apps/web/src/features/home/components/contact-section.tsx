import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { contactFormSchema, type ContactForm } from '@toolshop/shared/contact';
import { toasts } from '@toolshop/shared/messages';
import { TextAreaField, TextField } from '../../../components/form/text-field';
import { SubmitButton } from '../../../components/form/submit-button';

/** SPEC §2: the form only confirms with a toast; nothing is sent anywhere. */
export function ContactSection() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactForm>({ resolver: zodResolver(contactFormSchema) });

  const onSubmit = handleSubmit(() => {
    toast.success(toasts.contactReceived);
    reset();
  });

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
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label="Message"
              rows={5}
              error={errors.message?.message}
              {...register('message')}
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
