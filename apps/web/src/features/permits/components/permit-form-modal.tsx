import { UploadOutlined } from '@ant-design/icons';
import {
  PERMIT_MAX_LENGTH,
  type Permit,
  type PermitInput,
  permitInputSchema,
} from '@junkan/shared/api/permits';
import { PERMIT_DISTRICTS } from '@junkan/shared/rules/permit-districts';
import {
  latestPermitDate,
  PERMIT_EARLIEST_DATE,
  PERMIT_KINDS,
  PERMIT_WASTE_CATEGORY,
  permitDateIssues,
} from '@junkan/shared/rules/permit-rules';
import { acceptAttribute, checkUpload, UPLOAD_RULES } from '@junkan/shared/upload-rules';
import { Button, Col, Form, Input, Radio, Row, Select, Typography, Upload, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { japanToday, outsideDates } from '../../../components/form/date-field';
import { DayPicker } from '../../../components/form/day-picker';
import { FormModal } from '../../../components/form-modal';
import { KeptUntilLine } from '../../../components/kept-until';
import { setZodIssues } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import { useWastes } from '../../../lib/reference-data/wastes';
import { useToast } from '../../../lib/toast';
import { useSavePermit } from '../api/save-permit';
import { wasteKindIssue, wasteKindOptions } from '../permit-form-values';

interface FormValues {
  districtCode?: string;
  licenseNumber: string;
  kind?: string;
  issueDate?: Dayjs | null;
  expiryDate?: Dayjs | null;
  transshipment: boolean;
  storageSite: string;
  wasteKindIds: number[];
  file: UploadFile[];
}

const RULE = UPLOAD_RULES.PERMIT;
const col = { xs: 24, md: 12 };

const toFormValues = (p: Permit | null): FormValues =>
  p
    ? {
        districtCode: p.districtCode,
        licenseNumber: p.licenseNumber,
        kind: p.kind,
        issueDate: dayjs(p.issueDate),
        expiryDate: dayjs(p.expiryDate),
        transshipment: p.transshipment,
        storageSite: p.storageSite,
        wasteKindIds: p.wasteKinds.map((w) => w.id),
        file: [],
      }
    : { licenseNumber: '', transshipment: false, storageSite: '', wasteKindIds: [], file: [] };

const toBody = (v: FormValues): PermitInput => ({
  districtCode: v.districtCode ?? '',
  licenseNumber: v.licenseNumber ?? '',
  kind: (v.kind ?? '') as PermitInput['kind'],
  issueDate: v.issueDate ? v.issueDate.format('YYYY-MM-DD') : '',
  expiryDate: v.expiryDate ? v.expiryDate.format('YYYY-MM-DD') : '',
  transshipment: Boolean(v.transshipment),
  storageSite: v.storageSite ?? '',
  wasteKindIds: v.wasteKindIds ?? [],
});

export interface PermitFormModalProps {
  open: boolean;
  /** The permit being edited; null registers a new one. */
  editing: Permit | null;
  onClose: () => void;
}

/**
 * Register or edit a permit with its one PDF. The shared schema checks the fields as the server will; the
 * server's answers (the same license number in the district, a file that is not a PDF) show next to the fields.
 */
export function PermitFormModal({ open, editing, onClose }: PermitFormModalProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePermit();
  // A permit kept here covers industrial waste only (a municipal waste permit is a municipality's).
  const wastes = useWastes(PERMIT_WASTE_CATEGORY);
  const message = useToast();
  const transshipment = Form.useWatch('transshipment', form);
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const isNew = editing === null;
  const today = japanToday();
  // The server's range of permit dates (from 1970 to ten years after today): other days cannot be picked; one typed
  // is kept, and sending says beside it why it is refused (with the form's other issues, at once).
  const outsideRange = outsideDates(PERMIT_EARLIEST_DATE, latestPermitDate(today));

  const submit = (values: FormValues) => {
    const body = toBody(values);
    const parsed = permitInputSchema.safeParse(body);
    const file = values.file?.[0]?.originFileObj ?? null;
    // A kind an older permit kept that is not industrial: the server refuses it too.
    const kindIssue = wasteKindIssue(body.wasteKindIds, wastes.data);
    // The range depends on today, which the schema does not know: the shared rule the server runs too.
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues),
      ...permitDateIssues(body, today).map((i) => ({ path: [i.path], message: i.code })),
      ...(kindIssue ? [{ path: ['wasteKindIds'], message: kindIssue }] : []),
    ];
    if (issues.length > 0 || (isNew && !file)) {
      if (issues.length > 0) setZodIssues(form, issues, t);
      if (isNew && !file)
        form.setFields([{ name: 'file', errors: [messageText(t, 'permit_file_required')] }]);
      return null;
    }
    return save.mutateAsync({ id: editing?.id, body, file });
  };

  return (
    <FormModal<FormValues>
      open={open}
      form={form}
      saving={save.isPending}
      onClose={onClose}
      initialValues={toFormValues(editing)}
      save={submit}
      errorFieldMap={{ 'wasteKindIds.0': ['wasteKindIds'] }}
      submitTestId="permit-submit"
      width={760}
      title={t(isNew ? 'permits.registerTitle' : 'permits.editTitle')}
      okText={t(isNew ? 'permits.register' : 'permits.update')}
    >
      {editing && (
        <Typography.Paragraph type="secondary">
          <KeptUntilLine t={t} keptUntil={editing.keptUntil} />
        </Typography.Paragraph>
      )}
      <Row gutter={16}>
        <Col {...col}>
          <Form.Item
            name="districtCode"
            label={t('permits.field.districtCode')}
            extra={t('permits.hint.districtCode')}
            required
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('permits.placeholder.districtCode')}
              options={PERMIT_DISTRICTS.map((d) => ({
                value: d.code,
                label: lang === 'en' ? d.en : d.ja,
              }))}
              data-testid="permit-district"
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item
            name="licenseNumber"
            label={t('permits.field.licenseNumber')}
            extra={t('permits.hint.licenseNumber')}
            required
          >
            <Input
              maxLength={PERMIT_MAX_LENGTH.licenseNumber}
              inputMode="numeric"
              autoComplete="off"
              data-testid="permit-license-number"
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="kind" label={t('permits.field.kind')} required>
            <Select
              placeholder={t('permits.placeholder.kind')}
              options={PERMIT_KINDS.map((k) => ({ value: k, label: t(`permits.kind.${k}`) }))}
              data-testid="permit-kind"
            />
          </Form.Item>
        </Col>
        <Col {...col} />
        <Col {...col}>
          <Form.Item name="issueDate" label={t('permits.field.issueDate')} required>
            <DayPicker disabledDate={outsideRange} data-testid="permit-issue-date" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="expiryDate" label={t('permits.field.expiryDate')} required>
            <DayPicker disabledDate={outsideRange} data-testid="permit-expiry-date" />
          </Form.Item>
        </Col>
        <Col {...col}>
          <Form.Item name="transshipment" label={t('permits.field.transshipment')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: false, label: t('permits.no') },
                { value: true, label: t('permits.yes') },
              ]}
              data-testid="permit-transshipment"
            />
          </Form.Item>
        </Col>
        <Col {...col}>
          {transshipment && (
            <Form.Item name="storageSite" label={t('permits.field.storageSite')} required>
              <Input
                maxLength={PERMIT_MAX_LENGTH.storageSite}
                placeholder={t('permits.placeholder.storageSite')}
                data-testid="permit-storage-site"
              />
            </Form.Item>
          )}
        </Col>
        <Col xs={24}>
          <Form.Item
            name="wasteKindIds"
            label={t('permits.field.wasteKindIds')}
            extra={t('permits.hint.wasteKindIds')}
            required
          >
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              loading={wastes.isLoading}
              placeholder={t('permits.placeholder.wasteKindIds')}
              options={wasteKindOptions(wastes.data, editing)}
              data-testid="permit-waste-kinds"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="file"
            label={t('permits.field.file')}
            extra={
              isNew
                ? t('permits.hint.file')
                : editing?.file
                  ? t('permits.hint.fileKept', { fileName: editing.file.fileName })
                  : t('permits.hint.file')
            }
            valuePropName="fileList"
            getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
            required={isNew}
          >
            <Upload
              accept={acceptAttribute(RULE.kinds)}
              maxCount={1}
              beforeUpload={(file) => {
                const issue = checkUpload({
                  fileName: file.name,
                  size: file.size,
                  existingNames: [],
                  ...RULE,
                });
                if (issue) {
                  void message.error(`${file.name}: ${messageText(t, issue)}`);
                  return Upload.LIST_IGNORE;
                }
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="permit-file">
                {t('permits.selectFile')}
              </Button>
            </Upload>
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
