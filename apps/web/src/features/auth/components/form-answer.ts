import { useState } from 'react';
import type { AuthFormResult } from '../auth-requests';

/**
 * What the page shows of its form's route action (the form sent before the scripts ran): done, with the
 * address it concerned; or the refusal's message, the fields at fault and what was typed in the fields
 * without a secret, until the form is sent again from the browser (`clear`), whose own answer replaces it.
 */
export function useFormAnswer(answer: AuthFormResult | undefined) {
  const [shown, setShown] = useState(answer);
  const refusal = shown && !shown.ok ? shown : undefined;
  return {
    done: shown?.ok === true,
    doneFor: shown?.ok ? shown.email : undefined,
    message: refusal?.message ?? null,
    fieldError: (name: string) => refusal?.fields[name],
    typed: (name: string) => refusal?.typed[name],
    clear: () => setShown(undefined),
  };
}
