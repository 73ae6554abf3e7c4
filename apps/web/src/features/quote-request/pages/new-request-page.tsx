import { FileSearchOutlined, ScheduleOutlined } from '@ant-design/icons';
import { paths } from '@junkan/shared/paths';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { usePermissions } from '../../../lib/permissions';

/** /new-request: the kinds of request (a quote, or collections under a contract in force). */
export default function NewRequestPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  return (
    <>
      <Typography.Title level={4}>{t('quoteRequest.newRequestTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('quoteRequest.newRequestLead')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card
            title={
              <>
                <FileSearchOutlined /> {t('quoteRequest.quoteRequestCard')}
              </>
            }
            actions={[
              <LinkButton
                key="go"
                to={paths.quoteRequest.to()}
                type="primary"
                disabled={!has('QUOTE_REQUEST')}
              >
                {t('quoteRequest.start')}
              </LinkButton>,
            ]}
          >
            {t('quoteRequest.quoteRequestCardDesc')}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card
            title={
              <>
                <ScheduleOutlined /> {t('quoteRequest.collectionRequestCard')}
              </>
            }
            actions={[
              <LinkButton
                key="go"
                to={paths.collectionRequest.to()}
                type="primary"
                disabled={!has('COLLECTION_REQUEST')}
              >
                {t('quoteRequest.start')}
              </LinkButton>,
            ]}
          >
            {t('quoteRequest.collectionRequestCardDesc')}
          </Card>
        </Col>
      </Row>
    </>
  );
}
