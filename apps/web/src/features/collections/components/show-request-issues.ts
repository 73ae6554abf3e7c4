import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
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

/** Puts each issue next to its field; the first without a field is returned for a toast. */
export function showRequestIssues(
  form: Pick<FormInstance, 'setFields'>,
  issues: readonly RequestIssue[],
  t: TFunction,
): RequestIssue | null {
  form.setFields(
    issues.flatMap((issue) =>
      issue.name ? [{ name: issue.name, errors: [requestIssueText(t, issue)], warnings: [] }] : [],
    ),
  );
  return issues.find((i) => i.name === null) ?? null;
}
