import {
  ACCESSIBILITY_CHECKLIST,
  ACCESSIBILITY_STANDARD,
  ACCESSIBILITY_TARGET_LEVEL,
  ACCESSIBILITY_TESTED_ON,
  conformanceOf,
} from '@junkan/shared/accessibility-checklist';
import { paths } from '@junkan/shared/paths';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '@junkan/shared/session';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from '../../../components/public-page';
import publicCss from '../../../components/public-ui.module.css';
import { formatPlainDate } from '../../../lib/format';
import { useSession } from '../../../lib/use-session';
import css from '../accessibility.module.css';
import { ChecklistTable } from '../components/checklist-table';

const METHODS = ['axe', 'keyboard'] as const;
const EXCEPTIONS = ['uploads', 'documents', 'cardForm', 'signInLimit'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={css.section}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The accessibility statement in the JIS X 8341-3 form (ウェブアクセシビリティ方針, 試験結果): the policy, the
 * level aimed at and the conformance the checklist reaches, the scope, how and when it was tested, the checklist of
 * every level A and AA success criterion, and the exceptions. Open signed in and out (plain elements, no antd).
 */
export default function AccessibilityPage() {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const standard = ACCESSIBILITY_STANDARD;
  const level = ACCESSIBILITY_TARGET_LEVEL;
  const conformance = t(`accessibility.conformance.${conformanceOf(ACCESSIBILITY_CHECKLIST)}`);
  const hours = SESSION_ABSOLUTE_LIFETIME_MS / 3_600_000;
  return (
    <PublicPage title={t('accessibility.title')} width={960}>
      <p>{t('accessibility.policy')}</p>
      <Section title={t('accessibility.targetHeading')}>
        <p data-testid="accessibility-target">
          {t('accessibility.target', { standard, level, conformance })}
        </p>
      </Section>
      <Section title={t('accessibility.scopeHeading')}>
        <p>{t('accessibility.scope')}</p>
      </Section>
      <Section title={t('accessibility.resultsHeading')}>
        <dl className={css.facts}>
          <dt>{t('accessibility.facts.standard')}</dt>
          <dd>{standard}</dd>
          <dt>{t('accessibility.facts.level')}</dt>
          <dd>{level}</dd>
          <dt>{t('accessibility.facts.conformance')}</dt>
          <dd>{conformance}</dd>
          <dt>{t('accessibility.facts.testedOn')}</dt>
          <dd data-testid="accessibility-tested-on">{formatPlainDate(ACCESSIBILITY_TESTED_ON)}</dd>
          <dt>{t('accessibility.facts.scope')}</dt>
          <dd>{t('accessibility.facts.scopeValue')}</dd>
          <dt>{t('accessibility.facts.method')}</dt>
          <dd>
            <ul>
              {METHODS.map((m) => (
                <li key={m}>{t(`accessibility.methods.${m}`)}</li>
              ))}
            </ul>
          </dd>
        </dl>
        <h3>{t('accessibility.checklistHeading')}</h3>
        <ChecklistTable
          checklist={ACCESSIBILITY_CHECKLIST}
          caption={t('accessibility.checklistCaption', { standard, total: ACCESSIBILITY_CHECKLIST.length })}
        />
      </Section>
      <Section title={t('accessibility.exceptionsHeading')}>
        <ul>
          {EXCEPTIONS.map((e) => (
            <li key={e}>{t(`accessibility.exceptions.${e}`, { hours })}</li>
          ))}
        </ul>
      </Section>
      <p className={css.section}>
        <Link className={publicCss.link} to={isSignedIn ? paths.home.to() : paths.login.to()}>
          {t(isSignedIn ? 'common.backToHome' : 'common.backToLogin')}
        </Link>
      </p>
    </PublicPage>
  );
}
