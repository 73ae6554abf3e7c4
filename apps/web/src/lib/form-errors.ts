import { issueMessage, type ValidationIssueLike } from '@junkan/shared/messages';
import { TOAST_DURATION_S } from '@junkan/shared/session';
import type { FormInstance, FormRule } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import i18next, { type TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from './api-client';
import { fieldNamePath, firstPerField, type NamePath, namePath } from './form-issues';
import { messageText } from './i18n';
import { coverageGapText } from './permit-coverage';

/**
 * How a form shows what is wrong: a shared schema as a field rule, a schema's issues and the server's field
 * codes next to their fields (each field its first code's text), anything else as a toast. Which issue a
 * field shows is decided in lib/form-issues.ts.
 */

/**
 * An antd rule that runs a shared zod schema: the schema's message codes become the field's text.
 * `schema` may be a loader, for pages that keep zod out of their first load.
 */
export function zodRule(schema: z.ZodType | (() => Promise<z.ZodType>), t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      const resolved = typeof schema === 'function' ? await schema() : schema;
      const result = resolved.safeParse(value ?? '');
      if (!result.success)
        throw new Error(messageText(t, result.error.issues[0]?.message ?? 'invalid_format'));
    },
  };
}

/** An issue a form shows: next to its field (a name or a name path), or as a toast when it has none. */
export interface ShownIssue {
  name: NamePath | string | null;
  code: string;
}

/**
 * Where focus goes when a form is refused: to its first field in error, scrolled to the middle of the screen, so a
 * keyboard or screen-reader user is at the message (JIS X 8341-3 3.3.1). Forms sent by their submit button get it
 * from antd (`scrollToFirstError` in AntdScope); issues found otherwise go through `showFormIssues` and
 * `validateOrFocus`.
 */
export const FOCUS_FIRST_ERROR = { focus: true, block: 'center' } as const;

/** A form the issues are shown on; `scrollToField` (every antd form has it) moves focus to the first. */
type IssueForm = Pick<FormInstance, 'setFields'> & Partial<Pick<FormInstance, 'scrollToField'>>;

/**
 * Shows a form's issues: each field its first issue's text (in place of a warning it had), focus on the first
 * field in error, and the first issue without a field as a toast when a `message` is given.
 */
export function showFormIssues(
  form: IssueForm,
  issues: readonly ShownIssue[],
  t: TFunction,
  message?: Pick<MessageInstance, 'error'>,
): void {
  const onFields = issues.flatMap((i) => (i.name === null ? [] : [{ name: i.name, code: i.code }]));
  const shown = firstPerField(onFields, (i) => (Array.isArray(i.name) ? i.name.join('.') : i.name));
  form.setFields(shown.map((i) => ({ name: i.name, errors: [messageText(t, i.code)], warnings: [] })));
  const first = shown[0];
  if (first) form.scrollToField?.(first.name, FOCUS_FIRST_ERROR);
  const general = issues.find((i) => i.name === null);
  if (general && message) toastError(message, t, general.code);
}

/**
 * A form's own rules checked outside its submit (a dialog's OK button, a save beside a send): its values, or
 * null with focus on the first field that failed.
 */
export async function validateOrFocus<Values>(
  form: Pick<FormInstance<Values>, 'validateFields' | 'scrollToField'>,
): Promise<Values | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    const first = (error as { errorFields?: { name: NamePath }[] }).errorFields?.[0];
    if (first) form.scrollToField(first.name, FOCUS_FIRST_ERROR);
    return null;
  }
}

/** Puts a schema's issues (paths like offices.0.officeName) next to their fields. */
export function setZodIssues(
  form: IssueForm,
  issues: readonly (ValidationIssueLike & { path: readonly PropertyKey[] })[],
  t: TFunction,
): void {
  showFormIssues(
    form,
    issues.map((issue) => ({ name: namePath(issue.path), code: issueMessage(issue) })),
    t,
  );
}

export function toastError(
  message: Pick<MessageInstance, 'error'>,
  t: TFunction,
  code: string,
  params?: Record<string, string | number>,
): void {
  void message.error(messageText(t, code, params), TOAST_DURATION_S);
}

/** Codes that say only that something failed: a form may toast its own words instead. */
const GENERIC_CODES = ['validation_error', 'server_error', 'unknown_error', 'invalid_request'];

/**
 * Shows a failed call: field codes next to their fields (`fieldMap` renames server field names to form
 * paths), anything else as a toast. Returns the error code, or null when `error` was not an API error.
 */
export function showApiError(args: {
  error: unknown;
  t: TFunction;
  message: Pick<MessageInstance, 'error'>;
  form?: IssueForm;
  fieldMap?: Record<string, NamePath>;
  /** Toast this instead of generic codes (validation_error, server_error, unknown_error, invalid_request). */
  fallbackCode?: string;
}): string | null {
  const { error, t, message, form, fieldMap, fallbackCode } = args;
  if (!isApiError(error)) {
    toastError(message, t, fallbackCode ?? 'unknown_error');
    return null;
  }
  const entries = Object.entries(error.fields ?? {});
  if (form && entries.length > 0) {
    showFormIssues(
      form,
      entries.map(([field, code]) => ({ name: fieldMap?.[field] ?? fieldNamePath(field), code })),
      t,
    );
    return error.code;
  }
  if (error.gaps?.length) {
    // A permit refusal says each district and waste kind not covered, one per line, and stays longer.
    const lines = error.gaps.map((gap) => `・${coverageGapText(t, gap, i18next.language)}`);
    void message.error({
      content: [messageText(t, error.code), ...lines].join('\n'),
      duration: TOAST_DURATION_S * 2,
      style: { whiteSpace: 'pre-line' },
    });
    return error.code;
  }
  const useFallback = fallbackCode && GENERIC_CODES.includes(error.code);
  toastError(message, t, useFallback ? fallbackCode : error.code, useFallback ? undefined : error.params);
  return error.code;
}
