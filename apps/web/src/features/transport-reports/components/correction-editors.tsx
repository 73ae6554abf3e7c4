import type { DisposalMethod, UnitMeasure } from '@junkan/shared/api/code-masters';
import { correctionDateIssues, reportCorrectionSchema } from '@junkan/shared/api/transport-reports';
import { MAX_LENGTH } from '@junkan/shared/field-rules';
import { Flex, Form, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import { dateItemProps, outsideDates } from '../../../components/form/date-field';
import { DayPicker } from '../../../components/form/day-picker';
import { VolumeInput } from '../../../components/form/volume-input';
import { zodRule } from '../../../lib/form-errors';
import { messageText } from '../../../lib/i18n';
import type { CorrectionEditors } from './report-values-table';

const shape = reportCorrectionSchema.shape;
const cell = { style: { marginBottom: 0 } };

/**
 * The editing mode's inputs (section 5, industrial detail edit): end date between the collection date and
 * today, volume and unit, valuables (disabled and 0 in a count unit), vehicle number, reporter,
 * transporter and disposal method. The whole correction is checked again on saving (`buildCorrection`).
 */
export function correctionEditors({
  t,
  units,
  disposalMethods,
  countUnit,
  collectTime,
  today,
}: {
  t: TFunction;
  units: readonly UnitMeasure[];
  disposalMethods: readonly DisposalMethod[];
  countUnit: boolean;
  collectTime: string;
  today: string;
}): CorrectionEditors {
  const unitOptions = units.map((u) => ({ value: u.id, label: u.unit }));
  const label = (key: string) => t(`reportDialog.field.${key}`);
  return {
    endDateTransport: (
      <Form.Item
        name="lastEndDateTransport"
        {...dateItemProps}
        rules={[
          zodRule(shape.lastEndDateTransport, t),
          {
            validator: async (_rule, value: string | null) => {
              const issue = correctionDateIssues(
                { collectTime, lastEndDateTransport: value ?? '' },
                today,
              )[0];
              if (issue) throw new Error(messageText(t, issue.code));
            },
          },
        ]}
        {...cell}
      >
        <DayPicker
          aria-label={label('endDateTransport')}
          disabledDate={outsideDates(collectTime, today)}
          style={{ width: 160 }}
        />
      </Form.Item>
    ),
    transportVolume: (
      <Flex gap={8} align="start">
        <Form.Item
          name="lastTransportVolume"
          rules={[zodRule(shape.lastTransportVolume, t)]}
          style={{ marginBottom: 0, width: 140 }}
        >
          <VolumeInput aria-label={label('transportVolume')} />
        </Form.Item>
        <Form.Item
          name="lastTransportVolumeUnit"
          rules={[zodRule(shape.lastTransportVolumeUnit, t)]}
          style={{ marginBottom: 0, width: 110 }}
        >
          <Select<number> aria-label={label('transportVolumeUnit')} options={unitOptions} />
        </Form.Item>
      </Flex>
    ),
    valuablesCollected: (
      <Flex gap={8} align="start">
        <Form.Item
          name="lastValuablesCollected"
          rules={[zodRule(shape.lastValuablesCollected, t)]}
          style={{ marginBottom: 0, width: 140 }}
        >
          <VolumeInput aria-label={label('valuablesCollected')} disabled={countUnit} />
        </Form.Item>
        <Form.Item name="lastValuablesCollectedUnit" style={{ marginBottom: 0, width: 110 }}>
          <Select<number>
            aria-label={label('valuablesCollectedUnit')}
            options={unitOptions}
            allowClear
            disabled={countUnit}
          />
        </Form.Item>
      </Flex>
    ),
    vehicleNumber: (
      <Form.Item name="lastVehicleNumber" rules={[zodRule(shape.lastVehicleNumber, t)]} {...cell}>
        <Input aria-label={label('vehicleNumber')} maxLength={MAX_LENGTH.vehicleNumber} />
      </Form.Item>
    ),
    reporter: (
      <Form.Item name="lastReporter" rules={[zodRule(shape.lastReporter, t)]} {...cell}>
        <Input aria-label={label('reporter')} maxLength={MAX_LENGTH.reporter} />
      </Form.Item>
    ),
    transporter: (
      <Form.Item name="lastTransporter" rules={[zodRule(shape.lastTransporter, t)]} required {...cell}>
        <Input aria-label={label('transporter')} maxLength={MAX_LENGTH.transporter} />
      </Form.Item>
    ),
    disposalMethodId: (
      <Form.Item name="lastDisposalMethodId" {...cell}>
        <Select<number>
          aria-label={label('disposalMethod')}
          allowClear
          options={disposalMethods.map((m) => ({ value: m.id, label: m.method }))}
        />
      </Form.Item>
    ),
  };
}
