import {
  type AdminUpdateInfo,
  NOTICE_MAX_LENGTH,
  type UpdateInfoInput,
  updateInfoInputSchema,
} from '@junkan/shared/api/notices';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateItemProps, dayPickerProps, japanToday } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { FormModal } from '../../../components/form-modal';
import { setZodIssues } from '../../../lib/form-errors';
import { useSaveUpdateInfo } from '../api/save-update-info';

/** Write or correct an entry of the update information; it is shown from its date on. */
export function UpdateInfoFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: AdminUpdateInfo | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UpdateInfoInput>();
  const save = useSaveUpdateInfo();
  const isNew = editing === null;

  const submit = (values: UpdateInfoInput) => {
    const parsed = updateInfoInputSchema.safeParse(values);
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return null;
    }
    return save.mutateAsync({ id: editing?.id, body: values });
  };

  return (
    <FormModal<UpdateInfoInput>
      open={open}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={
        editing ? { date: editing.date, content: editing.content } : { date: japanToday(), content: '' }
      }
      save={submit}
      submitTestId="update-info-submit"
      width={640}
      title={t(isNew ? 'notices.admin.newUpdateTitle' : 'notices.admin.editUpdateTitle')}
      okText={t(isNew ? 'notices.admin.register' : 'notices.admin.update')}
    >
      <Form.Item
        name="date"
        label={t('notices.field.date')}
        extra={t('notices.hint.updateDate')}
        rules={[requiredRule(t)]}
        {...dateItemProps}
      >
        <DatePicker {...dayPickerProps} data-testid="update-info-date" />
      </Form.Item>
      <Form.Item name="content" label={t('notices.field.content')} rules={[requiredRule(t)]}>
        <Input.TextArea
          maxLength={NOTICE_MAX_LENGTH.updateInfoContent}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          data-testid="update-info-content"
        />
      </Form.Item>
    </FormModal>
  );
}
