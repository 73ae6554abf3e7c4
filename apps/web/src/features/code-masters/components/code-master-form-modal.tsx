import { CODE_MASTER_CODE_WIDTH } from '@junkan/shared/api/code-masters';
import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssignedCode } from '../../../components/assigned-code';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form-errors';
import { useCreateCodeMasterRow } from '../api/create-code-master-row';
import { useLastCode } from '../api/last-code';
import { useUpdateCodeMasterRow } from '../api/update-code-master-row';
import type { CodeMasterKind, CodeMasterRow, CodeMasterValues } from '../code-master-kinds';

export interface CodeMasterFormModalProps {
  kind: CodeMasterKind;
  open: boolean;
  /** The row being edited; null registers a new one. */
  editing: CodeMasterRow | null;
  onClose: () => void;
}

/**
 * Register or edit one row. The code is the server's: a new row shows the code it will get (the one after
 * the last code). Enter submits; closing with unsaved input asks first.
 */
export function CodeMasterFormModal({ kind, open, editing, onClose }: CodeMasterFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeMasterValues>();
  const create = useCreateCodeMasterRow(kind);
  const update = useUpdateCodeMasterRow(kind);
  const lastCode = useLastCode(kind, open && !editing);
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;

  const initialValues: CodeMasterValues = editing
    ? { name: editing.name, isCount: editing.isCount }
    : { name: '', isCount: false };

  return (
    <FormModal<CodeMasterValues>
      open={open}
      form={form}
      saving={saving}
      onClose={onClose}
      initialValues={initialValues}
      save={(values) =>
        editing ? update.mutateAsync({ id: editing.id, values }) : create.mutateAsync(values)
      }
      errorFieldMap={{ [kind.nameField]: ['name'] }}
      submitTestId="code-master-submit"
      title={t(`codeMasters.${kind.key}.${isNew ? 'registerTitle' : 'editTitle'}`)}
      okText={t(isNew ? 'codeMasters.register' : 'codeMasters.update')}
    >
      <AssignedCode
        label={t('codeMasters.code')}
        code={editing?.code}
        lastCode={lastCode.data?.lastCode}
        width={CODE_MASTER_CODE_WIDTH}
        note={t('codeMasters.autoNumbered')}
        testId="code-master-code"
      />
      <Form.Item
        name="name"
        label={t(`codeMasters.${kind.key}.name`)}
        rules={[zodRule(kind.nameSchema, t)]}
        required
      >
        <Input maxLength={kind.maxLength} showCount autoFocus autoComplete="off" />
      </Form.Item>
      {kind.hasCountFlag && (
        <Form.Item
          name="isCount"
          valuePropName="checked"
          extra={t('codeMasters.unitMeasure.isCountHelp')}
          style={{ marginBottom: 0 }}
        >
          <Checkbox>{t('codeMasters.unitMeasure.isCount')}</Checkbox>
        </Form.Item>
      )}
    </FormModal>
  );
}
