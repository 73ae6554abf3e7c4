import { issueMessage, type ValidationIssueLike } from '@junkan/shared/messages';

/**
 * Which problem each form field shows, as plain data (no antd, no texts): the `*-values.ts` modules build
 * their issues with these, and lib/form-errors.ts puts them on a form.
 */

export type NamePath = (string | number)[];

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
  issues: readonly (ValidationIssueLike & { path: readonly PropertyKey[] })[],
  fieldOf: (path: string) => Field | null,
): FormIssue<Field>[] {
  const named = issues.map((issue) => ({
    name: fieldOf(issue.path.map(String).join('.')),
    code: issueMessage(issue),
  }));
  return firstPerField(named, (i) => i.name ?? '');
}

/** A schema path as an antd name path (symbols never name a form field). */
export const namePath = (path: readonly PropertyKey[]): NamePath =>
  path.filter((p): p is string | number => typeof p !== 'symbol');

/** A server field name (`offices.0.officeName`) as an antd name path: digit parts are list indexes. */
export const fieldNamePath = (field: string): NamePath =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
