import { CODE_MASTER_CODE_WIDTH, nextSequentialCode } from '@junkan/shared';
import { App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError, zodRule } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
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
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<CodeMasterValues>();
  const create = useCreateCodeMasterRow(kind);
  const update = useUpdateCodeMasterRow(kind);
  const lastCode = useLastCode(kind, open && !editing);
  const saving = create.isPending || update.isPending;
  const isNew = editing === null;

  const initialValues: CodeMasterValues = editing
    ? { name: editing.name, isCount: editing.isCount }
    : { name: '', isCount: false };
  // The form instance outlives the modal's content: start each opening from the row's values.
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const code = editing
    ? editing.code
    : lastCode.data
      ? nextSequentialCode(lastCode.data.lastCode, CODE_MASTER_CODE_WIDTH)
      : '';

  const submit = async (values: CodeMasterValues) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, values });
      else await create.mutateAsync(values);
      void message.success(t('master_saved'));
      onClose();
    } catch (error) {
      showApiError({ error, t, message, form, fieldMap: { [kind.nameField]: ['name'] } });
    }
  };

  const requestClose = () => {
    if (saving) return;
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('codeMasters.discardTitle'),
      content: t('codeMasters.discardContent'),
      okText: t('codeMasters.discard'),
      cancelText: t('codeMasters.continueEditing'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={t(`codeMasters.${kind.key}.${isNew ? 'registerTitle' : 'editTitle'}`)}
      okText={t(isNew ? 'codeMasters.register' : 'codeMasters.update')}
      cancelText={t('codeMasters.cancel')}
      onCancel={requestClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'code-master-submit' }}
      cancelButtonProps={{ disabled: saving }}
      maskClosable={false}
      destroyOnHidden
      modalRender={(node) => (
        <Form<CodeMasterValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          disabled={saving}
        >
          {node}
        </Form>
      )}
    >
      <Form.Item label={t('codeMasters.code')}>
        <Typography.Text strong data-testid="code-master-code">
          {code}
        </Typography.Text>
        {isNew && (
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {t('codeMasters.autoNumbered')}
          </Typography.Text>
        )}
      </Form.Item>
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
    </Modal>
  );
}
