import { useState } from 'react';
import type { FormRefusal } from '../../lib/form-actions';

/**
 * What a page shows of its form's route action (the form sent before the scripts ran): done (`done`, the
 * action's answer), or the refusal's message, the fields at fault and what was typed in the fields without
 * a secret, until the form is sent again from the browser (`clear`), whose own answer replaces it.
 */
export function useFormAnswer<Done extends { ok: true }>(answer: FormRefusal | Done | undefined) {
  const [shown, setShown] = useState(answer);
  const refusal = shown?.ok === false ? shown : undefined;
  return {
    done: shown?.ok === true ? shown : undefined,
    message: refusal?.message ?? null,
    fieldError: (name: string) => refusal?.fields[name],
    typed: (name: string) => refusal?.typed[name],
    clear: () => setShown(undefined),
  };
}
