import { ApiError } from '../lib/api-client';

interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
  getValues: () => object;
}

/**
 * docs/style.md rule 9: a 400/409 answer's `fields` land on the inputs of the same name.
 * Answers true when at least one field of the form got a message.
 */
export function applyServerFieldErrors(form: FormWithErrors, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = Object.keys(form.getValues());
  const errors = Object.fromEntries(Object.entries(error.fields).filter(([field]) => known.includes(field)));
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  return true;
}
