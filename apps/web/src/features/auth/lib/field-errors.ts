import { ApiError } from '../../../lib/api-client';

export interface ServerProblems<Field extends string> {
  /** A message per form field, from the 400 body's `fields` (`body.username` → `username`). */
  fields: Partial<Record<Field, string>>;
  /** What cannot be shown under a field, or null. */
  general: string | null;
}

/**
 * Splits a 400 answer into messages under the form's fields and one general message. Field names
 * are the request body's (`body.<name>`); a problem with anything else goes to the general message.
 */
export function serverProblems<Field extends string>(
  error: unknown,
  formFields: readonly Field[],
  subjects: Record<Field, string>,
): ServerProblems<Field> {
  const fields: Partial<Record<Field, string>> = {};
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body) return { fields, general: null };
  const others: string[] = [];
  for (const problem of error.body.error.fields ?? []) {
    const name = problem.field.replace(/^body\./, '') as Field;
    if (formFields.includes(name)) fields[name] ??= describeProblem(subjects[name], problem.message);
    else others.push(problem.message);
  }
  const general =
    others.length > 0 ? others.join(' ') : Object.keys(fields).length === 0 ? error.body.error.message : null;
  return { fields, general };
}

/**
 * A field message as a sentence: the server and the shared checks give reasons such as "is taken" or
 * "must be at least 8 characters", which read well after the field's name; full sentences stay as they are.
 */
export function describeProblem(subject: string, reason: string): string {
  return /^[a-z]/.test(reason) ? `${subject} ${reason}` : reason;
}
