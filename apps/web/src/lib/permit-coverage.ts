import type { PermitCoverageGapAnswer } from '@junkan/shared/api/permit-coverage';
import { PERMIT_COVERAGE_MESSAGES } from '@junkan/shared/rules/permit-coverage';
import { permitDistrictName } from '@junkan/shared/rules/permit-districts';
import type { TFunction } from 'i18next';
import { messageText } from './i18n';

/**
 * One gap of a transporter's permit coverage as a sentence in the language shown: the reason's message with
 * the district's name (a prefecture code named, an unreadable address as written) and the waste kind's name.
 */
export function coverageGapText(t: TFunction, gap: PermitCoverageGapAnswer, lang: string): string {
  return messageText(t, PERMIT_COVERAGE_MESSAGES[gap.reason], {
    district: gap.district ? permitDistrictName(gap.district, lang === 'en' ? 'en' : 'ja') : '',
    wasteKind: gap.wasteKind?.name ?? '',
  });
}
