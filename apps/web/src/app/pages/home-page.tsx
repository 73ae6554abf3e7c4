import { Card, Col, Empty, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneContactPanel } from '../../features/home/components/phone-contact-panel';
import { HomeInquiriesTable } from '../../features/inquiries/components/home-inquiries-table';
import { ReportDeadlinesPanel } from '../../features/manifests/components/report-deadlines';
import { NoticesPanel, UpdateInfosPanel } from '../../features/notices/components/notices-panel';
import { ExpiringPermitsCard } from '../../features/permits/components/expiring-permits-card';
import { HomeProjectsTable } from '../../features/projects/components/home-projects-table';
import { usePermissions } from '../../lib/permissions';
import { useSession } from '../../lib/use-session';

/**
 * The home page: the report deadlines (manifests), news and update information (notices: the notices for the
 * operator's side), the project table (projects) and the home panels.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { roles } = useSession();
  const { has } = usePermissions();
  const isTransport = roles.includes('TRANSPORT');
  const isDischarger = roles.includes('WASTE') && !isTransport;
  // A transporter awaiting approval sees no project; the banner above the page says why.
  const seesProjects = !isTransport || has('PROJECT_MANAGEMENT');
  return (
    <>
      {/* Legal deadlines first: shows itself only when a transport-end report is due, late or missing. */}
      <ReportDeadlinesPanel style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        {/* Transporters read the notices written for them too; one awaiting approval has no NOTICE key. */}
        {(isDischarger || isTransport) && has('NOTICE') && (
          <Col xs={24} xl={12}>
            <NoticesPanel />
          </Col>
        )}
        {(isDischarger || isTransport) && (
          <Col xs={24} xl={has('NOTICE') ? 12 : 24}>
            <UpdateInfosPanel />
          </Col>
        )}
        {isTransport && has('LICENSE_MANAGEMENT') && (
          <Col span={24}>
            <ExpiringPermitsCard />
          </Col>
        )}
        <Col span={24}>
          {seesProjects ? (
            <HomeProjectsTable isDischarger={isDischarger} isTransport={isTransport} />
          ) : (
            <Card title={t('home.projects')} size="small" data-testid="home-projects-awaiting-approval">
              <Empty description={t('approvalBanner.homeEmpty')} />
            </Card>
          )}
        </Col>
        {isDischarger && (
          <>
            <Col xs={24} xl={16}>
              <HomeInquiriesTable />
            </Col>
            <Col xs={24} xl={8}>
              <PhoneContactPanel />
            </Col>
          </>
        )}
      </Row>
    </>
  );
}
