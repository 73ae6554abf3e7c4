import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COLLECTION_AREA_LIMITS,
  type CollectionArea,
  type CollectionAreaType,
  collectionAreaRequestSchema,
} from '@junkan/shared/api/collection-areas';
import { formatPostalCode } from '@junkan/shared/field-rules';
import { postalCodeSchema } from '@junkan/shared/validation';
import type { FormRule } from 'antd';
import { Button, Card, Col, Flex, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { checkAreaNameExists } from '../api/area-name-exists';
import { useCreateCollectionArea } from '../api/create-collection-area';
import { checkPosCodeExists } from '../api/pos-code-exists';
import { useUpdateCollectionArea } from '../api/update-collection-area';
import { type AreaFormValues, isRepeatedPosCode, toFormValues, toRequest } from '../collection-area-values';
import { CollectionAreaPriceList } from './collection-area-price-list';

const CHECK_DEBOUNCE_MS = 400;

export interface CollectionAreaFormModalProps {
  open: boolean;
  type: CollectionAreaType;
  /** The area being edited; null registers a new one. */
  editing: CollectionArea | null;
  onClose: () => void;
}

/**
 * Register or edit a collection area: name, license, the postal codes it serves (hyphen added as typed,
 * checked against the company's other areas as you type) and its unit prices with validity periods
 * (overlaps refused next to the row). Enter submits; closing with unsaved input asks first.
 */
export function CollectionAreaFormModal({ open, type, editing, onClose }: CollectionAreaFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AreaFormValues>();
  const create = useCreateCollectionArea();
  const update = useUpdateCollectionArea();
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;
  const typeLabel = t(`areaPriceSetting.type.${type}`);

  // ---- field rules -------------------------------------------------------------------------

  const areaNameRules: FormRule[] = [
    zodRule(collectionAreaRequestSchema.shape.areaName, t),
    {
      validator: async (_rule, value: string) => {
        const name = (value ?? '').trim();
        if (!name) return;
        const { exists } = await checkAreaNameExists(editing?.id ?? 0, name, type).catch(() => ({
          exists: false,
        }));
        if (exists) throw new Error(messageText(t, 'area_name_already_used'));
      },
    },
  ];

  const posCodeRules = (index: number): FormRule[] => [
    zodRule(postalCodeSchema, t),
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string) => {
        const all = (getFieldValue('posCodes') as string[] | undefined) ?? [];
        if (isRepeatedPosCode(all, value, index)) throw new Error(t('areaPriceSetting.posCodeRepeated'));
      },
    }),
    {
      validator: async (_rule, value: string) => {
        const result = await checkPosCodeExists(value, type, editing?.id).catch(() => ({
          exists: false,
          areaName: undefined,
        }));
        if (result.exists)
          throw new Error(t('areaPriceSetting.posCodeUsedIn', { areaName: result.areaName ?? '' }));
      },
    },
  ];

  // ---- submit ------------------------------------------------------------------------------

  const save = (values: AreaFormValues) => {
    const body = toRequest(values, type);
    return editing ? update.mutateAsync({ id: editing.id, body }) : create.mutateAsync(body);
  };

  return (
    <FormModal<AreaFormValues>
      open={open}
      form={form}
      saving={saving}
      onClose={onClose}
      initialValues={toFormValues(editing)}
      save={save}
      // The unique index's answer names the whole list: show it on the first code.
      errorFieldMap={{ posCodes: ['posCodes', 0] }}
      submitTestId="area-submit"
      width={900}
      formProps={{ scrollToFirstError: true }}
      title={t(isNew ? 'areaPriceSetting.registerTitle' : 'areaPriceSetting.editTitle', { type: typeLabel })}
      okText={t(isNew ? 'areaPriceSetting.register' : 'areaPriceSetting.update')}
    >
      <Card size="small" title={t('areaPriceSetting.section.area')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="areaName"
              label={t('areaPriceSetting.field.areaName')}
              rules={areaNameRules}
              validateFirst
              validateDebounce={CHECK_DEBOUNCE_MS}
              required
            >
              <Input
                maxLength={COLLECTION_AREA_LIMITS.areaName}
                showCount
                autoFocus
                autoComplete="off"
                data-testid="area-name"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="licenseNumber"
              label={t('areaPriceSetting.field.licenseNumber')}
              extra={t('areaPriceSetting.licenseHelp')}
              rules={[
                { max: COLLECTION_AREA_LIMITS.licenseNumber, message: messageText(t, 'max_length_exceeded') },
              ]}
            >
              <Input
                maxLength={COLLECTION_AREA_LIMITS.licenseNumber}
                placeholder={t('areaPriceSetting.placeholder.licenseNumber')}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="administrativeDistrict"
              label={t('areaPriceSetting.field.administrativeDistrict')}
              rules={[
                {
                  max: COLLECTION_AREA_LIMITS.administrativeDistrict,
                  message: messageText(t, 'max_length_exceeded'),
                },
              ]}
            >
              <Input
                maxLength={COLLECTION_AREA_LIMITS.administrativeDistrict}
                placeholder={t('areaPriceSetting.placeholder.administrativeDistrict')}
                autoComplete="off"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Form.List name="posCodes">
        {(fields, { add, remove }) => (
          <Card
            size="small"
            title={t('areaPriceSetting.section.posCodes')}
            style={{ marginBottom: 16 }}
            extra={
              <Button
                icon={<PlusOutlined />}
                onClick={() => add('')}
                disabled={saving || fields.length >= COLLECTION_AREA_LIMITS.posCodes}
                data-testid="add-pos-code"
              >
                {t('areaPriceSetting.addPosCode')}
              </Button>
            }
          >
            <Row gutter={[12, 0]}>
              {fields.map((field, index) => (
                <Col key={field.key} xs={24} sm={12} md={8}>
                  <Flex gap={4} align="start">
                    <Form.Item
                      name={field.name}
                      rules={posCodeRules(index)}
                      validateFirst
                      validateDebounce={CHECK_DEBOUNCE_MS}
                      normalize={(v: string) => formatPostalCode(v ?? '')}
                      style={{ flex: 1, marginBottom: 12 }}
                    >
                      <Input
                        maxLength={8}
                        inputMode="numeric"
                        placeholder={t('areaPriceSetting.placeholder.posCode')}
                        aria-label={`${t('areaPriceSetting.field.posCode')} ${index + 1}`}
                        data-testid={`pos-code-${index}`}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('areaPriceSetting.removeRow')}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                </Col>
              ))}
            </Row>
          </Card>
        )}
      </Form.List>

      <CollectionAreaPriceList type={type} saving={saving} />
    </FormModal>
  );
}
