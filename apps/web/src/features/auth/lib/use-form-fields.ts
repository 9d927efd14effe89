import { useState } from 'react';
import { describeProblem, serverProblems } from './field-errors';

export interface FieldSpec {
  /** The field's name in sentences ("Username is taken"). */
  subject: string;
  /** The instant check: a reason, or null when the value is fine (some fields depend on others). */
  check?: (value: string, values: Record<string, string>) => string | null;
}

/**
 * The state of a form whose fields are checked as the user types (once a field was left, or the form
 * submitted) and whose server answer may name problems with fields (a 400 with `fields`). A server
 * message stays under its field until that field is edited.
 */
export function useFormFields<Field extends string>(
  specs: Record<Field, FieldSpec>,
  initial: Record<Field, string> | (() => Record<Field, string>),
) {
  const names = Object.keys(specs) as Field[];
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const clientProblem = (name: Field): string | null => {
    const reason = specs[name].check?.(values[name], values) ?? null;
    return reason === null ? null : describeProblem(specs[name].subject, reason);
  };
  const problem = (name: Field): string | null =>
    (touched[name] || submitted ? clientProblem(name) : null) ?? server[name] ?? null;

  return {
    values,
    problem,
    general,
    /** Props for a TextField: value, change, blur, error state and the message (or the hint). */
    field: (name: Field, hint?: string) => ({
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        setServer((current) => ({ ...current, [name]: undefined }));
      },
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
      error: problem(name) !== null,
      // A blank line when there is nothing to say keeps the space: a message appearing on blur must not
      // move the button the user is clicking.
      helperText: problem(name) ?? hint ?? ' ',
    }),
    /** Marks the form submitted; true when every instant check passes. */
    validate: (): boolean => {
      setSubmitted(true);
      setGeneral(null);
      return names.every((name) => clientProblem(name) === null);
    },
    /** Shows a failed request: its field problems under the fields, the rest (or `fallback`) above the button. */
    showServerError: (error: unknown, fallback: string) => {
      const subjects = Object.fromEntries(names.map((name) => [name, specs[name].subject])) as Record<Field, string>;
      const problems = serverProblems(error, names, subjects);
      setServer(problems.fields);
      setGeneral(Object.keys(problems.fields).length > 0 ? problems.general : (problems.general ?? fallback));
    },
    setValues,
    reset: (next: Record<Field, string>) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServer({});
      setGeneral(null);
    },
  };
}

/** A domain check (`{ ok } | { ok: false, reason }`) as a FieldSpec check. */
export function reasonOf(result: { ok: true } | { ok: false; reason: string }): string | null {
  return result.ok ? null : result.reason;
}
