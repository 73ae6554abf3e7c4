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

/** First issue per field, in the schema's order, with paths outside the form left without a field. */
export function firstIssues<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: (path: string) => Field | null,
): FormIssue<Field>[] {
  const seen = new Set<string>();
  const out: FormIssue<Field>[] = [];
  for (const issue of issues) {
    const name = fieldOf(issue.path.map(String).join('.'));
    const at = name ?? '';
    if (seen.has(at)) continue;
    seen.add(at);
    out.push({ name, code: issue.message });
  }
  return out;
}
