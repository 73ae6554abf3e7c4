import {
  collectTimeIssues,
  type IndustrialReportOptions,
  industrialReportSchema,
  reportDateIssues,
} from '@junkan/shared/api/transport-reports';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import {
  Alert,
  AutoComplete,
  Col,
  Flex,
  Form,
  type FormInstance,
  Input,
  Row,
  Select,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dateItemProps, outsideDates } from '../../../components/form/date-field';
import { DayPicker } from '../../../components/form/day-picker';
import { requiredRule } from '../../../components/form/required-rule';
import { VolumeInput } from '../../../components/form/volume-input';
import { zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import {
  fieldsToClearOnProjectChange,
  findProject,
  type IndustrialFormField,
  type IndustrialReportFormValues,
  isCountUnitId,
  manifestDefaults,
} from '../industrial-report-values';

const shape = industrialReportSchema.shape;

/**
 * The industrial report's fields: choosing a project offers its wastes and manifests, choosing a manifest
 * fills the collection date and waste, a count unit leaves no valuables (section 5).
 */
export function IndustrialReportFields({
  form,
  options,
}: {
  form: FormInstance<IndustrialReportFormValues>;
  options: IndustrialReportOptions;
}) {
  const { t } = useTranslation();
  const projectId = Form.useWatch('projectId', form);
  const collectTime = Form.useWatch('collectTime', form);
  const transportUnit = Form.useWatch('transportVolumeUnit', form);
  const project = findProject(options, projectId);
  const countUnit = isCountUnitId(options.units, transportUnit);
  const unitOptions = options.units.map((u) => ({ value: u.id, label: u.unit }));
  const required = requiredRule(t);
  const label = (key: string) => t(`achievements.industrialReport.${key}`);

  // A count unit has no valuables (section 5).
  useEffect(() => {
    if (countUnit) form.setFieldsValue({ valuablesCollected: '0.00', valuablesCollectedUnit: null });
  }, [countUnit, form]);

  const onProjectChange = (id: number | null) => {
    const chosen = findProject(options, id);
    const clear = fieldsToClearOnProjectChange(chosen, form.getFieldsValue(true));
    if (clear.length) form.setFields(clear.map((name) => ({ name, value: null, errors: [] })));
  };

  const onManifestSelect = (manifestNumber: string) => {
    const manifest = project?.manifests.find((m) => m.manifestNumber === manifestNumber);
    if (!manifest || !project) return;
    const fill = manifestDefaults(manifest, project, form.getFieldsValue(true));
    form.setFieldsValue(fill);
    form.setFields(Object.keys(fill).map((name) => ({ name: name as IndustrialFormField, errors: [] })));
  };

  if (options.projects.length === 0)
    return <Alert type="info" showIcon title={t('achievements.industrialUnavailable')} />;

  return (
    <>
      <Form.Item name="projectId" label={label('project')} rules={[required]}>
        <Select<number>
          placeholder={label('projectPlaceholder')}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={onProjectChange}
          options={options.projects.map((p) => ({
            value: p.id,
            label: t('common.withNote', { main: p.title, note: p.dischargerName }),
          }))}
        />
      </Form.Item>
      <Typography.Paragraph data-testid="industrial-report-discharger">
        <Typography.Text type="secondary">{label('discharger')}: </Typography.Text>
        {project?.dischargerName ?? '—'}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="collectTime"
            label={label('collectTime')}
            {...dateItemProps}
            rules={[
              zodRule(shape.collectTime, t),
              {
                validator: async (_rule, value: string | null) => {
                  const issue = collectTimeIssues(value ?? '', options.today)[0];
                  if (issue) throw new Error(messageText(t, issue.code));
                },
              },
            ]}
            required
          >
            <DayPicker disabledDate={outsideDates(null, options.today)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="transportEndDate"
            label={label('transportEndDate')}
            {...dateItemProps}
            dependencies={['collectTime']}
            rules={[
              zodRule(shape.transportEndDate, t),
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | null) => {
                  const dates = {
                    collectTime: getFieldValue('collectTime') ?? '',
                    transportEndDate: value ?? '',
                  };
                  const issue = reportDateIssues(dates, options.today)[0];
                  if (issue) throw new Error(messageText(t, issue.code));
                },
              }),
            ]}
            required
          >
            <DayPicker disabledDate={outsideDates(collectTime, options.today)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="wasteId" label={label('waste')} rules={[required]}>
            <Select<number>
              placeholder={project ? label('wastePlaceholder') : label('chooseProjectFirst')}
              disabled={!project}
              options={(project?.wastes ?? []).map((w) => ({ value: w.wasteId, label: w.wasteName }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="manifestId"
            label={label('manifestId')}
            extra={label('manifestHint')}
            rules={[zodRule(shape.manifestId, t)]}
          >
            <AutoComplete
              placeholder={label('manifestPlaceholder')}
              disabled={!project}
              allowClear
              onSelect={onManifestSelect}
              filterOption={(input, option) => String(option?.value ?? '').includes(input.trim())}
              options={(project?.manifests ?? []).map((m) => ({
                value: m.manifestNumber,
                label: t('common.withNote', { main: m.manifestNumber, note: m.wasteName }),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label={label('transportVolume')} required style={{ marginBottom: 0 }}>
            <Flex gap={8} align="start">
              <Form.Item
                name="transportVolume"
                rules={[zodRule(shape.transportVolume, t)]}
                style={{ flex: 1 }}
              >
                <VolumeInput aria-label={label('transportVolume')} />
              </Form.Item>
              <Form.Item
                name="transportVolumeUnit"
                rules={[zodRule(shape.transportVolumeUnit, t)]}
                style={{ width: 110 }}
              >
                <Select<number>
                  aria-label={label('transportVolumeUnit')}
                  placeholder={label('unit')}
                  options={unitOptions}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label={label('valuablesCollected')}
            style={{ marginBottom: 0 }}
            tooltip={countUnit ? label('countUnitNote') : undefined}
          >
            <Flex gap={8} align="start">
              <Form.Item
                name="valuablesCollected"
                rules={[zodRule(shape.valuablesCollected, t)]}
                style={{ flex: 1 }}
              >
                <VolumeInput aria-label={label('valuablesCollected')} disabled={countUnit} />
              </Form.Item>
              <Form.Item name="valuablesCollectedUnit" style={{ width: 110 }}>
                <Select<number>
                  aria-label={label('valuablesCollectedUnit')}
                  placeholder={label('unit')}
                  options={unitOptions}
                  allowClear
                  disabled={countUnit}
                />
              </Form.Item>
            </Flex>
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="vehicleNumber" label={label('vehicleNumber')}>
            <Input maxLength={MAX_LENGTH.vehicleNumber} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="disposalMethodId" label={label('disposalMethod')}>
            <Select<number>
              allowClear
              options={options.disposalMethods.map((m) => ({ value: m.id, label: m.method }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="reporter" label={label('reporter')}>
            <Input maxLength={MAX_LENGTH.reporter} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="transporter"
            label={label('transporter')}
            rules={[zodRule(shape.transporter, t)]}
            required
          >
            <Input maxLength={MAX_LENGTH.transporter} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
