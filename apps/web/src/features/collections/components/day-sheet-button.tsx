import { DownloadOutlined } from '@ant-design/icons';
import { DAY_SHEET_FORMATS } from '@junkan/shared/api/collections';
import { Button, type ButtonProps, DatePicker, Form, Modal, Radio } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayPickerProps } from '../../../components/form/date-field';
import { showApiError } from '../../../lib/form-errors';
import { useToast } from '../../../lib/toast';
import { downloadDaySheet } from '../api/day-sheet';
import { type DaySheetFormat, tomorrowInJapan } from '../schedule-filters';

/** The transporter's day sheet: a date (tomorrow in Japan by default) and PDF or CSV, downloaded. */
export function DaySheetButton() {
  const { t } = useTranslation();
  const message = useToast();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(tomorrowInJapan);
  const [format, setFormat] = useState<DaySheetFormat>('pdf');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadDaySheet(date, format);
      setOpen(false);
    } catch (error) {
      showApiError({ error, t, message, fallbackCode: 'unknown_error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => {
          setDate(tomorrowInJapan());
          setOpen(true);
        }}
        data-testid="day-sheet-open"
      >
        {t('collections.daySheet.open')}
      </Button>
      <Modal
        title={t('collections.daySheet.title')}
        open={open}
        onCancel={() => setOpen(false)}
        okText={t('collections.daySheet.download')}
        cancelText={t('forms.cancel')}
        onOk={() => void download()}
        okButtonProps={{ disabled: !date, 'data-testid': 'day-sheet-download' } as ButtonProps}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form layout="vertical" component="div">
          <Form.Item label={t('collections.daySheet.date')} htmlFor="day-sheet-date" required>
            <DatePicker
              {...dayPickerProps}
              id="day-sheet-date"
              allowClear={false}
              value={date ? dayjs(date) : null}
              onChange={(d) => setDate(d ? d.format('YYYY-MM-DD') : '')}
            />
          </Form.Item>
          <Form.Item label={t('collections.daySheet.format')}>
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value as DaySheetFormat)}
              options={DAY_SHEET_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
