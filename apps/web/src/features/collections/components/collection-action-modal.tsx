import { COLLECTION_MAX, type CollectionDetail } from '@junkan/shared/api/collections';
import type { CollectionAction } from '@junkan/shared/collection-rules';
import { Alert, App, type ButtonProps, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateItemProps, japanToday, outsideDates } from '../../../components/form/date-field';
import { DayPicker } from '../../../components/form/day-picker';
import { useDiscardGuard } from '../../../components/form-modal';
import { isApiError } from '../../../lib/api-client';
import { showApiError, showFormIssues } from '../../../lib/form-errors';
import { formatPlainDate } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useToast } from '../../../lib/toast';
import { useCollectionAction } from '../api/collection-action';
import {
  ACTION_FORM,
  type ActionValues,
  buildActionBody,
  cancelsProject,
  newDateIssue,
} from '../collection-labels';
import { refusalIssues } from '../collection-request-values';
import { showRequestIssues } from './show-request-issues';

/**
 * One dialog for every action on a collection: what will happen, a new date where the action needs one, a
 * reason (required to return or to record a collection as not made), and the spot contract's warning on a
 * cancel. The server decides; a refused date comes back next to the date field with why.
 */
export function CollectionActionModal({
  action,
  detail,
  onClose,
}: {
  action: CollectionAction;
  detail: CollectionDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const [form] = Form.useForm<ActionValues>();
  const run = useCollectionAction(detail.id, detail.project.id);
  const requestClose = useDiscardGuard(form, run.isPending, onClose);
  const config = ACTION_FORM[action];
  const label = t(`collections.action.${action}`);
  const today = japanToday();

  const submit = async (values: ActionValues) => {
    const built = buildActionBody(action, values);
    if (!built.ok) {
      showFormIssues(form, built.issues, t);
      return;
    }
    try {
      const result = await run.mutateAsync({ action, body: built.input });
      void message.success(t(`collections.actionDone.${action}`));
      onClose();
      if (result.projectCancelled)
        modal.info({ title: t('collections.projectCancelled'), okText: t('common.ok') });
    } catch (error) {
      if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0)
        showRequestIssues(form, refusalIssues(error, []), t);
      else showApiError({ error, t, message });
    }
  };

  return (
    <Modal
      open
      title={label}
      okText={label}
      // "キャンセル" would read as the action itself on the cancel dialog.
      cancelText={action === 'CANCEL' ? t('collections.closeDialog') : t('forms.cancel')}
      onCancel={requestClose}
      confirmLoading={run.isPending}
      okButtonProps={
        {
          htmlType: 'submit',
          danger: config.danger,
          autoInsertSpace: false,
          'data-testid': 'collection-action-submit',
        } as ButtonProps
      }
      cancelButtonProps={{ disabled: run.isPending }}
      maskClosable={false}
      destroyOnHidden
      modalRender={(node) => (
        <Form<ActionValues>
          form={form}
          layout="vertical"
          initialValues={{ date: null, reason: '' }}
          onFinish={(values) => void submit(values)}
          disabled={run.isPending}
        >
          {node}
        </Form>
      )}
    >
      <Typography.Paragraph>
        {t(`collections.actionLead.${action}`, { date: formatPlainDate(detail.date) })}
      </Typography.Paragraph>
      {cancelsProject(action, detail.contractType) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('collections.cancelSpotWarning')}
          data-testid="collection-cancel-spot-warning"
        />
      )}
      {config.date && (
        <Form.Item
          name="date"
          label={t('collections.newDate')}
          required
          {...dateItemProps}
          rules={[
            {
              validator: async (_rule, value: string | null) => {
                const code = newDateIssue(value, today);
                if (code) throw new Error(messageText(t, code));
              },
            },
          ]}
        >
          <DayPicker disabledDate={outsideDates(today, null)} autoFocus />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={
          config.reason === 'required' ? t('collections.reasonRequired') : t('collections.reasonOptional')
        }
        required={config.reason === 'required'}
      >
        <Input.TextArea
          maxLength={COLLECTION_MAX.reason}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          autoFocus={!config.date}
        />
      </Form.Item>
    </Modal>
  );
}
