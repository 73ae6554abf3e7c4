import {
  conversionFactorSchema,
  type WasteItem,
  wasteCodeSchema,
  wasteRequestSchema,
} from '@junkan/shared/api/waste';
import {
  childParentPath,
  isValidWasteCode,
  WASTE_CATEGORIES,
  WASTE_CODE_LENGTH,
  WASTE_NAME_MAX_LENGTH,
  type WasteCategory,
} from '@junkan/shared/waste-tree';
import { Col, Descriptions, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { setZodIssues, zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { checkWasteCode } from '../api/check-waste-code';
import { useCreateWaste } from '../api/create-waste';
import { useUpdateWaste } from '../api/update-waste';
import { LevelTag, type WasteNode } from './waste-columns';

/** Register under `parent` (null: a major class), or edit `waste`. */
export type WasteFormTarget =
  | { mode: 'create'; parent: WasteNode | null }
  | { mode: 'edit'; waste: WasteNode };

interface WasteFormValues {
  name: string;
  wasteCode: string;
  category: WasteCategory;
  tPerM3: string | number | null;
  tPerPiece: string | number | null;
}

/** How long typing pauses before the code is checked with the server. */
const CODE_CHECK_DEBOUNCE_MS = 400;

/**
 * Register or edit a classification. Where it sits (parent, level, category) follows from the parent;
 * the code is checked for format at once and for uniqueness with the server while typing.
 */
export function WasteFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: WasteFormTarget | null;
  onClose: () => void;
  onSaved: (saved: WasteItem) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WasteFormValues>();
  const create = useCreateWaste();
  const update = useUpdateWaste();
  const saving = create.isPending || update.isPending;
  const open = target !== null;

  const editing = target?.mode === 'edit' ? target.waste : null;
  const parent = target?.mode === 'create' ? target.parent : null;
  const level = editing ? editing.level : parent ? parent.level + 1 : 1;
  const parentPath = editing ? editing.parentPath : parent ? childParentPath(parent) : '';
  const ancestorNames = editing
    ? editing.ancestorNames
    : parent
      ? [...parent.ancestorNames, parent.name]
      : [];
  const inheritedCategory = editing?.category ?? parent?.category;
  const initialValues: WasteFormValues = {
    name: editing?.name ?? '',
    wasteCode: editing?.wasteCode ?? '',
    category: inheritedCategory ?? 'INDUSTRIAL',
    tPerM3: editing?.tPerM3 ?? null,
    tPerPiece: editing?.tPerPiece ?? null,
  };

  const save = (values: WasteFormValues) => {
    const parsed = wasteRequestSchema.safeParse({ ...values, parentPath, level });
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return null;
    }
    return editing
      ? update.mutateAsync({ id: editing.id, body: parsed.data })
      : create.mutateAsync(parsed.data);
  };

  const title = editing
    ? t('wasteMaster.editTitle', { level: t(`wasteMaster.level.${level}`) })
    : t('wasteMaster.registerTitle', { level: t(`wasteMaster.level.${level}`) });

  return (
    <FormModal<WasteFormValues, WasteItem>
      open={open}
      form={form}
      saving={saving}
      onClose={onClose}
      initialValues={initialValues}
      save={save}
      onSaved={onSaved}
      submitTestId="waste-submit"
      title={title}
      width={640}
      okText={t(editing ? 'wasteMaster.update' : 'wasteMaster.register')}
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'parent',
            label: t('wasteMaster.field.parent'),
            children: ancestorNames.length ? ancestorNames.join(' › ') : t('wasteMaster.noParent'),
          },
          { key: 'level', label: t('wasteMaster.field.level'), children: <LevelTag level={level} t={t} /> },
        ]}
      />
      <Form.Item
        name="category"
        label={t('wasteMaster.field.category')}
        extra={level > 1 ? t('wasteMaster.categoryInherited') : undefined}
      >
        <Radio.Group
          disabled={level > 1 || saving}
          options={WASTE_CATEGORIES.map((c) => ({ value: c, label: t(`projectType.${c}`) }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="wasteCode"
            label={t('wasteMaster.field.wasteCode')}
            required
            hasFeedback
            validateFirst
            validateDebounce={CODE_CHECK_DEBOUNCE_MS}
            extra={t('wasteMaster.codeHint')}
            rules={[
              zodRule(wasteCodeSchema, t),
              {
                validator: async (_rule, value) => {
                  const code = String(value ?? '').trim();
                  if (!isValidWasteCode(code) || code === editing?.wasteCode) return;
                  let exists = false;
                  try {
                    exists = (await checkWasteCode(code, editing?.id)).exists;
                  } catch {
                    return; // The server checks again on save.
                  }
                  if (exists) throw new Error(messageText(t, 'code_already_used'));
                },
              },
            ]}
          >
            <Input
              maxLength={WASTE_CODE_LENGTH}
              autoComplete="off"
              autoFocus
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item
            name="name"
            label={t('wasteMaster.field.name')}
            required
            rules={[zodRule(wasteRequestSchema.shape.name, t)]}
          >
            <Input maxLength={WASTE_NAME_MAX_LENGTH} showCount autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="tPerM3"
            label={t('wasteMaster.field.tPerM3Long')}
            rules={[zodRule(conversionFactorSchema, t)]}
          >
            <InputNumber stringMode min="0" step="0.01" suffix="t/m³" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="tPerPiece"
            label={t('wasteMaster.field.tPerPieceLong')}
            rules={[zodRule(conversionFactorSchema, t)]}
          >
            <InputNumber
              stringMode
              min="0"
              step="0.001"
              suffix={t('wasteMaster.perPiece')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
