import { useState } from 'react';
import type { AuthFormResult } from '../auth-requests';

/**
 * What the page shows of its form's route action (the form sent before the scripts ran): the refusal's
 * message and fields at fault, and the address typed, until the form is sent again from the browser
 * (`clear`), whose own answer replaces it.
 */
export function useFormAnswer(answer: AuthFormResult | undefined) {
  const [shown, setShown] = useState(answer);
  const refusal = shown && !shown.ok ? shown : undefined;
  return {
    done: shown?.ok === true,
    email: shown?.email,
    message: refusal?.message ?? null,
    fieldError: (name: string) => refusal?.fields[name],
    clear: () => setShown(undefined),
  };
}
