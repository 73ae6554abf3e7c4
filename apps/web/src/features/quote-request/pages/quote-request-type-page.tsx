import { paths } from '@junkan/shared/paths';
import { Alert, Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { usePermissions } from '../../../lib/permissions';

/** /new-quote-request: regular garbage or bulky/industrial waste (the latter needs EDI registration). */
export default function QuoteRequestTypePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const { search } = useLocation();
  const canLarge = has('LARGE_GARBAGE_REGISTER');
  return (
    <>
      <Typography.Title level={4}>{t('quoteRequest.typeTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('quoteRequest.typeLead')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card
            title={t('quoteRequest.regularCard')}
            actions={[
              <LinkButton
                key="go"
                to={`${paths.quoteRequestRegular.to()}${search}`}
                type="primary"
                disabled={!has('REGULAR_GARBAGE_QUOTE')}
              >
                {t('quoteRequest.start')}
              </LinkButton>,
            ]}
          >
            {t('quoteRequest.regularCardDesc')}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card
            title={t('quoteRequest.largeCard')}
            actions={[
              canLarge ? (
                <LinkButton key="go" to={paths.quoteRequestLarge.to()} type="primary">
                  {t('quoteRequest.start')}
                </LinkButton>
              ) : (
                <Button key="go" disabled>
                  {t('quoteRequest.start')}
                </Button>
              ),
            ]}
          >
            <Typography.Paragraph>{t('quoteRequest.largeCardDesc')}</Typography.Paragraph>
            {!canLarge && (
              <Alert
                type="info"
                showIcon
                message={t('quoteRequest.ediNeeded')}
                action={
                  <LinkButton to={paths.account.to()} size="small">
                    {t('quoteRequest.toAccount')}
                  </LinkButton>
                }
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
