import {
  type AdminNotice,
  NOTICE_MAX_LENGTH,
  type NoticeInput,
  noticeInputSchema,
} from '@junkan/shared/api/notices';
import { INQUIRY_IMPORTANCES } from '@junkan/shared/enums';
import { NOTICE_AUDIENCES } from '@junkan/shared/rules/notice-rules';
import { Col, DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateItemProps, dayPickerProps, japanToday } from '../../../components/form/date-field';
import { requiredRule } from '../../../components/form/required-rule';
import { FormModal } from '../../../components/form-modal';
import { setZodIssues } from '../../../lib/form-errors';
import { useSaveNotice } from '../api/save-notice';

type FormValues = NoticeInput;

const toFormValues = (n: AdminNotice | null): FormValues =>
  n
    ? {
        importance: n.importance,
        date: n.date,
        subject: n.subject,
        content: n.content,
        audience: n.audience,
        publishFrom: n.publishFrom,
        publishUntil: n.publishUntil,
      }
    : {
        importance: 'BLANK',
        date: japanToday(),
        subject: '',
        content: '',
        audience: 'ALL',
        publishFrom: japanToday(),
        publishUntil: null,
      };

/** Write or correct a notice: importance, date, subject, content, audience and the days it is shown. */
export function NoticeFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: AdminNotice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveNotice();
  const isNew = editing === null;
  const col = { xs: 24, md: 12 };

  const submit = (values: FormValues) => {
    const parsed = noticeInputSchema.safeParse(values);
    if (!parsed.success) {
      setZodIssues(form, parsed.error.issues, t);
      return null;
    }
    return save.mutateAsync({ id: editing?.id, body: values });
  };

  return (
    <FormModal<FormValues>
      open={open}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={toFormValues(editing)}
      save={submit}
      submitTestId="notice-submit"
      width={720}
      title={t(isNew ? 'notices.admin.newTitle' : 'notices.admin.editTitle')}
      okText={t(isNew ? 'notices.admin.publish' : 'notices.admin.update')}
    >
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item name="importance" label={t('notices.field.importance')} required>
            <Select
              options={INQUIRY_IMPORTANCES.map((i) => ({ value: i, label: t(`inquiryImportance.${i}`) }))}
              data-testid="notice-importance"
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="date" label={t('notices.field.date')} rules={[requiredRule(t)]} {...dateItemProps}>
            <DatePicker {...dayPickerProps} data-testid="notice-date" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="subject" label={t('notices.field.subject')} rules={[requiredRule(t)]}>
        <Input maxLength={NOTICE_MAX_LENGTH.subject} showCount data-testid="notice-subject" />
      </Form.Item>
      <Form.Item name="content" label={t('notices.field.content')} rules={[requiredRule(t)]}>
        <Input.TextArea
          maxLength={NOTICE_MAX_LENGTH.content}
          showCount
          autoSize={{ minRows: 5, maxRows: 14 }}
          data-testid="notice-content-input"
        />
      </Form.Item>
      <Form.Item name="audience" label={t('notices.field.audience')} required>
        <Radio.Group
          options={NOTICE_AUDIENCES.map((a) => ({ value: a, label: t(`notices.audience.${a}`) }))}
          data-testid="notice-audience"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item
            name="publishFrom"
            label={t('notices.field.publishFrom')}
            rules={[requiredRule(t)]}
            {...dateItemProps}
          >
            <DatePicker {...dayPickerProps} data-testid="notice-publish-from" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="publishUntil"
            label={t('notices.field.publishUntil')}
            extra={t('notices.hint.publishUntil')}
            {...dateItemProps}
          >
            <DatePicker {...dayPickerProps} allowClear data-testid="notice-publish-until" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
