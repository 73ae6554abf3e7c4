import type { Proof } from '@junkan/shared/api/drivers';
import { Card, Divider, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ProofDetails } from '../../../components/proof/proof-details';
import { ProofPhoto } from '../../../components/proof/proof-photo';

/**
 * 回収記録: what the drivers recorded at the collection (oldest first), for both parties: result, reason,
 * amounts, time, driver and vehicle, where, and the photo. Shown once there is a record.
 */
export function ProofsCard({ proofs, isTransport }: { proofs: Proof[]; isTransport: boolean }) {
  const { t } = useTranslation();
  if (proofs.length === 0) return null;
  return (
    <Card size="small" title={t('proofs.title')} style={{ marginBottom: 16 }} data-testid="proofs-card">
      <Typography.Paragraph type="secondary">{t('proofs.lead')}</Typography.Paragraph>
      {proofs.map((proof, i) => (
        <Fragment key={proof.id}>
          {i > 0 && <Divider style={{ margin: '12px 0' }} />}
          <ProofDetails
            proof={proof}
            photo={proof.hasPhoto ? <ProofPhoto proof={proof} isTransport={isTransport} /> : undefined}
          />
        </Fragment>
      ))}
    </Card>
  );
}
