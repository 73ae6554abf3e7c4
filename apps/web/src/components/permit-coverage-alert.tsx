import type { PermitCoverageAnswer } from '@junkan/shared/api/permit-coverage';
import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPlainDate } from '../lib/format';
import { coverageGapText } from '../lib/permit-coverage';

/**
 * What a transporter's permits do not cover on an industrial project (issue 15): each district and waste kind
 * with its reason, and the days checked. Nothing when covered or not checked. `own` words it for the
 * transporter whose permits they are; `extra` adds a line (what the gap stops).
 */
export function PermitCoverageAlert({
  coverage,
  own,
  extra,
}: {
  coverage: PermitCoverageAnswer | null | undefined;
  own: boolean;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  if (!coverage || coverage.covered) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="permit-coverage-alert"
      message={t(own ? 'permits.coverage.titleOwn' : 'permits.coverage.title')}
      description={
        <>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {coverage.missing.map((gap) => (
              <li
                key={`${gap.district}|${gap.wasteKind?.id}|${gap.reason}`}
                data-testid="permit-coverage-gap"
              >
                {coverageGapText(t, gap, i18n.language)}
              </li>
            ))}
          </ul>
          <Typography.Text type="secondary">
            {t('permits.coverage.period', {
              from: formatPlainDate(coverage.periodFrom),
              to: formatPlainDate(coverage.periodTo),
            })}
          </Typography.Text>
          {extra && <div style={{ marginTop: 4 }}>{extra}</div>}
        </>
      }
    />
  );
}
