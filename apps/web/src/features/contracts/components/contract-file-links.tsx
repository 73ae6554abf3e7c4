import { FilePdfOutlined } from '@ant-design/icons';
import type { ContractFileKind } from '@junkan/shared';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { downloadContractFile } from '../api/contract-file';

/** One download link per generated document, labelled by kind (契約書（一般廃棄物）…). */
export function ContractFileLinks({
  projectId,
  files,
  vertical = false,
}: {
  projectId: number;
  files: { kind: ContractFileKind; fileName?: string }[];
  vertical?: boolean;
}) {
  const { t } = useTranslation();
  const message = useToast();
  if (files.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
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
            ).catch((error: unknown) => void showApiError({ error, t, message }))
          }
        >
          {t(`contracts.file.${f.kind}`)}
        </Button>
      ))}
    </Flex>
  );
}
