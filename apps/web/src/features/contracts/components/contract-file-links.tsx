import { FilePdfOutlined } from '@ant-design/icons';
import type { ContractFileKind } from '@junkan/shared/contract-rules';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { downloadContractFile } from '../api/contract-file';
import { downloadContractPermitCopy } from '../api/contract-permit-copy';

/**
 * One download link per generated document, labelled by kind (契約書（一般廃棄物）…), then the copy of the
 * permit the license was chosen from (許可証の写し), which is attached to the contract.
 */
export function ContractFileLinks({
  projectId,
  files,
  permitCopy = null,
  vertical = false,
}: {
  projectId: number;
  files: { kind: ContractFileKind; fileName?: string }[];
  /** The permit's PDF copy, when the contract names a permit that has one. */
  permitCopy?: { fileName?: string } | null;
  vertical?: boolean;
}) {
  const { t } = useTranslation();
  const message = useToast();
  if (files.length === 0 && !permitCopy) return <Typography.Text type="secondary">—</Typography.Text>;
  const failed = (error: unknown) => void showApiError({ error, t, message });
  return (
    <Flex vertical={vertical} wrap gap={vertical ? 0 : 4} align="start">
      {files.map((f) => (
        <Button
          key={f.kind}
          type="link"
          size="small"
          icon={<FilePdfOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() =>
            downloadContractFile(
              projectId,
              f.kind,
              f.fileName ?? `${t(`contracts.file.${f.kind}`)}.pdf`,
            ).catch(failed)
          }
        >
          {t(`contracts.file.${f.kind}`)}
        </Button>
      ))}
      {permitCopy && (
        <Button
          type="link"
          size="small"
          icon={<FilePdfOutlined />}
          style={{ paddingInline: 0 }}
          onClick={() =>
            downloadContractPermitCopy(
              projectId,
              permitCopy.fileName ?? `${t('contracts.file.permit')}.pdf`,
            ).catch(failed)
          }
          data-testid="contract-permit-copy"
        >
          {t('contracts.file.permit')}
        </Button>
      )}
    </Flex>
  );
}
