import type { CollectionRequestOption } from '@junkan/shared/api/collections';
import { Card, Checkbox, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VolumeInput } from '../../../components/form/volume-input';
import { type LineValues, lineInputs } from '../collection-request-values';
import { BagCountsInput } from './bag-counts-input';

/** The contract's waste lines: tick the ones to collect, with bag counts or a volume in the line's unit. */
export function WasteLineFields({ option }: { option: CollectionRequestOption | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch('lines', form) ?? []) as LineValues[];
  if (!option) return null;
  if (option.wasteLines.length === 0)
    return <Typography.Text type="secondary">{t('collections.noLines')}</Typography.Text>;
  return (
    <Form.List name="lines">
      {(fields, _ops, { errors }) => (
        <Flex vertical gap={8} data-testid="collection-lines">
          {fields.map((field) => {
            const line = option.wasteLines[field.name];
            if (!line) return null;
            const inputs = lineInputs(line);
            const off = !rows[field.name]?.use;
            return (
              <Card key={field.key} size="small">
                <Form.Item name={[field.name, 'use']} valuePropName="checked" style={{ marginBottom: 8 }}>
                  <Checkbox>
                    <Typography.Text strong>{line.wasteName}</Typography.Text>{' '}
                    <Typography.Text type="secondary">{t('collections.line.use')}</Typography.Text>
                  </Checkbox>
                </Form.Item>
                <Flex wrap gap={16}>
                  {inputs.bags && (
                    <Form.Item
                      name={[field.name, 'bags']}
                      label={t('collections.field.bags')}
                      style={{ marginBottom: 0 }}
                    >
                      <BagCountsInput label={line.wasteName} disabled={off} />
                    </Form.Item>
                  )}
                  {inputs.volume && (
                    <Form.Item
                      name={[field.name, 'volume']}
                      label={t('collections.field.volume')}
                      style={{ marginBottom: 0, minWidth: 180 }}
                    >
                      <VolumeInput
                        aria-label={`${line.wasteName} ${t('collections.field.volume')}`}
                        suffix={line.unit ?? t('collections.line.noUnit')}
                        disabled={off}
                      />
                    </Form.Item>
                  )}
                </Flex>
              </Card>
            );
          })}
          {errors.length > 0 && (
            <Form.Item style={{ marginBottom: 0 }}>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
