import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { messageText } from './i18n';

type NamePath = (string | number)[];

/** A schema issue as a form shows it. */
export interface FormIssue<Field extends string> {
  /** The form field, or null for an issue no field shows. */
  name: Field | null;
  code: string;
}

/** A request body built from form values, or the issues that stop it. */
export type Built<Input, Field extends string> =
  | { ok: true; input: Input }
  | { ok: false; issues: FormIssue<Field>[] };

/** The one rule for every form: a field shows only its first issue, in the order they came. */
export function firstPerField<T>(items: Iterable<T>, keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** First issue per field, in the schema's order, with paths outside the form left without a field. */
export function firstIssues<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: (path: string) => Field | null,
): FormIssue<Field>[] {
  const named = issues.map((issue) => ({
    name: fieldOf(issue.path.map(String).join('.')),
    code: issue.message,
  }));
  return firstPerField(named, (i) => i.name ?? '');
}

/** A schema path as an antd name path (symbols never name a form field). */
export const namePath = (path: readonly PropertyKey[]): NamePath =>
  path.filter((p): p is string | number => typeof p !== 'symbol');

/** Puts issues (paths like offices.0.officeName) next to their fields: each field its first issue's text. */
export function setZodIssues(
  form: FormInstance,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  t: TFunction,
): void {
  form.setFields(
    firstPerField(
      issues.map((issue) => ({ name: namePath(issue.path), code: issue.message })),
      (i) => i.name.join('.'),
    ).map((i) => ({ name: i.name, errors: [messageText(t, i.code)] })),
  );
}
