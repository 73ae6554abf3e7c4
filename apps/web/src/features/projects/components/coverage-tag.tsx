import type { PermitCoverageAnswer } from '@junkan/shared/api/permit-coverage';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { coverageGapText } from '../../../lib/permit-coverage';

/**
 * On a transporter's list, an open industrial request its permits do not cover (issue 15): a tag whose tooltip
 * (and accessible name) gives each gap. Nothing when covered or not checked.
 */
export function CoverageTag({ coverage }: { coverage: PermitCoverageAnswer | undefined }) {
  const { t, i18n } = useTranslation();
  if (!coverage || coverage.covered) return null;
  const reasons = coverage.missing.map((gap) => coverageGapText(t, gap, i18n.language));
  return (
    <Tooltip title={reasons.map((r) => <div key={r}>{r}</div>)}>
      <Tag
        color="red"
        aria-label={[t('permits.coverage.notCoveredTag'), ...reasons].join(' ')}
        data-testid="coverage-tag"
      >
        {t('permits.coverage.notCoveredTag')}
      </Tag>
    </Tooltip>
  );
}
