import { data } from 'react-router';
import type { z } from 'zod';
import type { ApiErrorBody } from '@toolshop/shared/api-error';

// For route actions: a page's form sent as plain HTML before its scripts ran (decisions 050, 068, 074),
// read with the shared schema and answered on the page it came from.

/**
 * A form's refusal as its route action answers the page: the message, the fields at fault, and what was
 * typed in the fields that hold no secret, to show again.
 */
export interface FormRefusal {
  ok: false;
  message: string | null;
  fields: Partial<Record<string, string>>;
  typed: Partial<Record<string, string>>;
}

/** Fields never sent back to the page: a password, or a mailed link's token. */
const SECRET_FIELDS = new Set(['password', 'confirmPassword', 'token']);

/** The page's answer to a refused form, with `status`: `sent` is shown again, its secrets left out. */
export function refused(
  status: number,
  sent: Record<string, string>,
  { message = null, fields = {} }: { message?: string | null; fields?: Partial<Record<string, string>> },
) {
  const typed = Object.fromEntries(Object.entries(sent).filter(([name]) => !SECRET_FIELDS.has(name)));
  return data<FormRefusal>({ ok: false, message, fields, typed }, { status });
}

/**
 * The form read with the shared schema (`input`: the fields as the schema takes them, when some are not
 * text); a bad field refused with its words (400), showing again what was `sent`.
 */
export function readForm<Schema extends z.ZodType>(
  schema: Schema,
  sent: Record<string, string>,
  input: Record<string, unknown> = sent,
) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { value: parsed.data as z.infer<Schema> };
  const fields: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return { refusal: refused(400, sent, { fields }) };
}

/**
 * A number field of a posted form, which is text: the number it says, or nothing when it was left empty
 * (a radio group with none chosen sends no field at all), for the shared schema's number rule to judge.
 */
export const formNumber = (text: unknown): number | undefined =>
  typeof text === 'string' && text.trim() !== '' ? Number(text) : undefined;

/** Text fields of a posted form (a missing field, or a file sent in its place, reads as empty). */
export async function textFields(request: Request, names: string[]): Promise<Record<string, string>> {
  const form = await request.formData();
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  );
}

/** The API's own words for a refusal, else a sentence saying what failed, with the status. */
export const apiRefusal = (answer: { status: number; body: unknown }, what: string): string =>
  (answer.body as Partial<ApiErrorBody> | undefined)?.error?.message ?? `${what} (${answer.status}).`;
