import type { DriverMarkInput, DriverStop } from '@junkan/shared/api/drivers';
import { DRIVER_MARK_MAX, type DriverMarkResult, NOT_COLLECTED_REASONS } from '@junkan/shared/driver-rules';
import { Alert, Button, Drawer, Form, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessNow } from '../../../lib/business-clock';
import { showFormIssues } from '../../../lib/form-errors';
import { toJapanTime } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { randomUuid } from '../../../lib/random-uuid';
import {
  buildMarkInput,
  initialMarkValues,
  type MarkFormValues,
  type MarkIssue,
  serverIssues,
} from '../mark-form-values';
import css from './mark-form.module.css';
import { MarkLinesFields } from './mark-lines-fields';
import { type MarkPhoto, PhotoField } from './photo-field';
import { findPosition, PositionField, type PositionState } from './position-field';

/** What the form is open for: a stop and a result, or a refused mark being corrected (with its kept photo). */
export interface MarkTarget {
  stop: DriverStop;
  result: DriverMarkResult;
  correcting?: { body: DriverMarkInput; fields: Record<string, string>; photo: MarkPhoto | null };
}

const FORM_NAME = 'driver-mark';

/**
 * The mark of a stop, full screen on a phone: what was collected line by line, or why not (a reason, and words
 * for OTHER), an optional photo and the position if the driver asks. Checked with the shared schema, each issue
 * next to its field; `onSave` gets the body (a new client id, the business clock's time) and the photo.
 */
export function MarkDrawer({
  target,
  onClose,
  afterClose,
  onSave,
}: {
  target: MarkTarget | null;
  onClose: () => void;
  /** Focus goes back to the control that opened it, or to the main content once that control is gone. */
  afterClose: () => void;
  onSave: (input: DriverMarkInput, photo: Blob | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MarkFormValues>();
  const [photo, setPhoto] = useState<MarkPhoto | null>(null);
  const [position, setPosition] = useState<PositionState>('off');
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const result = target?.result ?? 'COLLECTED';
  const reason = Form.useWatch('reasonCode', form);

  const show = (issues: MarkIssue[]) => {
    showFormIssues(
      form,
      issues.filter((i) => i.name !== null).map((i) => ({ name: i.name, code: i.code })),
      t,
    );
    const other = issues.find((i) => i.name === null);
    setGeneral(other ? other.code : null);
  };

  // A new target starts clean; a refused mark shows the server's field codes where they belong.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form opens for another target
  useEffect(() => {
    // The form's store outlives the drawer's content: the last stop's values must not carry over to this one.
    if (target) form.resetFields();
    setPhoto(target?.correcting?.photo ?? null);
    setGeneral(null);
    const withPosition = target?.correcting?.body.position ?? null;
    setPosition(withPosition ?? 'off');
    if (target?.correcting) show(serverIssues(target.correcting.fields));
  }, [target]);

  const submit = async (values: MarkFormValues) => {
    if (!target) return;
    const built = buildMarkInput(values, {
      clientId: randomUuid(),
      result,
      stop: target.stop,
      markedAt: toJapanTime(businessNow())?.format() ?? '',
      position: typeof position === 'object' ? position : null,
    });
    if (!built.ok) {
      show(built.issues);
      return;
    }
    setSaving(true);
    try {
      await onSave(built.input, photo?.blob ?? null);
    } finally {
      setSaving(false);
    }
  };

  const title =
    result === 'COLLECTED' ? t('driverDay.form.titleCollected') : t('driverDay.form.titleNotCollected');
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      placement="right"
      size="min(100vw, 560px)"
      destroyOnHidden
      focusable={{ focusTriggerAfterClose: false }}
      afterOpenChange={(isOpen) => !isOpen && afterClose()}
      title={target ? t('common.withNote', { main: title, note: target.stop.site.name }) : title}
      data-testid="driver-mark-form"
      footer={
        <div className={css.footer}>
          <Button size="large" onClick={onClose}>
            {t('driverDay.form.cancel')}
          </Button>
          <Button
            type="primary"
            size="large"
            htmlType="submit"
            form={FORM_NAME}
            loading={saving}
            data-testid="driver-mark-submit"
          >
            {t('driverDay.form.submit')}
          </Button>
        </div>
      }
    >
      {target && (
        <Form<MarkFormValues>
          form={form}
          name={FORM_NAME}
          layout="vertical"
          initialValues={initialMarkValues(target.stop, result, target.correcting?.body)}
          onFinish={() => void submit(form.getFieldsValue(true))}
        >
          {general && (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginBottom: 16 }}
              title={
                general === 'bag_or_volume_required'
                  ? t('driverDay.form.nothingCounted')
                  : messageText(t, general)
              }
            />
          )}
          {result === 'COLLECTED' ? (
            <MarkLinesFields stop={target.stop} />
          ) : (
            <>
              <Form.Item
                name="reasonCode"
                label={t('driverDay.form.reason')}
                className={css.reasons}
                required
              >
                <Radio.Group
                  style={{ display: 'flex', flexDirection: 'column' }}
                  options={NOT_COLLECTED_REASONS.map((r) => ({
                    value: r,
                    label: t(`notCollectedReason.${r}`),
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="reasonText"
                label={t('driverDay.form.reasonText')}
                extra={t('driverDay.form.reasonTextHelp')}
                required={reason === 'OTHER'}
              >
                <Input.TextArea rows={3} maxLength={DRIVER_MARK_MAX.reasonText} showCount />
              </Form.Item>
            </>
          )}
          <PhotoField value={photo} onChange={setPhoto} />
          <div className={css.checkbox}>
            <PositionField
              state={position}
              onToggle={(on) => (on ? findPosition(setPosition) : setPosition('off'))}
            />
          </div>
        </Form>
      )}
    </Drawer>
  );
}
