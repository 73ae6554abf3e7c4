import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { FOCUS_FIRST_ERROR } from '../../../lib/form-errors';
import { formatPlainDate } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { reasonLabelKey } from '../collection-labels';
import { issueMessage, type RequestIssue } from '../collection-request-values';

/** An issue's text: a message code's, or a refused date with why and the next collectable day. */
export function requestIssueText(t: TFunction, issue: Pick<RequestIssue, 'code' | 'params'>): string {
  const text = issueMessage(issue);
  if (!text.reason) return messageText(t, text.key);
  return t(text.key, {
    reason: t(reasonLabelKey(text.reason)),
    nextDate: text.nextDate ? formatPlainDate(text.nextDate) : '',
  });
}

/**
 * Puts each issue next to its field, with focus on the first of them (`FOCUS_FIRST_ERROR`, as every refused form
 * of the app); the first without a field is returned for a toast.
 */
export function showRequestIssues(
  form: Pick<FormInstance, 'setFields' | 'scrollToField'>,
  issues: readonly RequestIssue[],
  t: TFunction,
): RequestIssue | null {
  const onFields = issues.filter((issue) => issue.name);
  form.setFields(
    onFields.map((issue) => ({ name: issue.name!, errors: [requestIssueText(t, issue)], warnings: [] })),
  );
  const first = onFields[0];
  if (first) form.scrollToField(first.name!, FOCUS_FIRST_ERROR);
  return issues.find((i) => i.name === null) ?? null;
}
