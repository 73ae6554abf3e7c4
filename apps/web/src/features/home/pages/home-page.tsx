import { Col, Row } from 'antd';
import { useSession } from '../../../lib/use-session';
import { ReportDeadlinesPanel } from '../../manifests/components/report-deadlines';
import { InquiriesTable } from '../components/inquiries-table';
import { NoticesPanel, UpdateInfosPanel } from '../components/notices-panel';
import { PhoneContactPanel } from '../components/phone-contact-panel';
import { ProjectsTable } from '../components/projects-table';

export default function HomePage() {
  const { roles } = useSession();
  const isTransport = roles.includes('TRANSPORT');
  const isDischarger = roles.includes('WASTE') && !isTransport;
  return (
    <>
      {/* Legal deadlines first: shows itself only when a transport-end report is due, late or missing. */}
      <ReportDeadlinesPanel style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        {isDischarger && (
          <>
            <Col xs={24} xl={12}>
              <NoticesPanel />
            </Col>
            <Col xs={24} xl={12}>
              <UpdateInfosPanel />
            </Col>
          </>
        )}
        <Col span={24}>
          <ProjectsTable isDischarger={isDischarger} isTransport={isTransport} />
        </Col>
        {isDischarger && (
          <>
            <Col xs={24} xl={16}>
              <InquiriesTable />
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
