import type { DriverStop } from '@junkan/shared/api/drivers';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { VolumeInput } from '../../../components/form/volume-input';
import { formatMeasureUnit } from '../../../lib/format';
import { currentPunctuation } from '../../../lib/i18n';
import { BAG_KEYS, lineInputs } from '../mark-form-values';
import { askedText } from '../stop-text';
import { BagStepper } from './bag-stepper';
import css from './mark-form.module.css';

/**
 * What was collected, line by line: the bags by size with steppers (regular waste), the weight in kg, and the
 * volume in the line's unit where it has one. Each field's errors show under it.
 */
export function MarkLinesFields({ stop }: { stop: DriverStop }) {
  const { t } = useTranslation();
  const p = currentPunctuation();
  return (
    <>
      {stop.lines.map((line, i) => {
        const shows = lineInputs(line);
        const waste = line.wasteName;
        return (
          <fieldset key={line.wasteLineId} className={css.line} data-testid="driver-mark-line">
            <legend>{waste}</legend>
            <p className={css.asked}>{t('driverDay.form.asked', { asked: askedText(line, t, p) })}</p>
            {shows.bags &&
              BAG_KEYS.map((size) => (
                <Form.Item
                  key={size}
                  layout="horizontal"
                  colon={false}
                  labelCol={{ flex: '56px' }}
                  wrapperCol={{ flex: 'auto' }}
                  labelAlign="left"
                  name={['lines', i, 'bags', size]}
                  label={t('driverDay.form.bagSize', { size })}
                  style={{ marginBottom: 8 }}
                >
                  <BagStepper
                    label={t('driverDay.form.bagsOf', { waste, size })}
                    decreaseLabel={t('driverDay.form.decrease', { waste, size })}
                    increaseLabel={t('driverDay.form.increase', { waste, size })}
                  />
                </Form.Item>
              ))}
            <Form.Item
              className={css.amount}
              name={['lines', i, 'weightKg']}
              label={t('driverDay.form.weight')}
            >
              <VolumeInput suffix="kg" aria-label={t('driverDay.form.weightOf', { waste })} />
            </Form.Item>
            {shows.volume && (
              <Form.Item
                className={css.amount}
                name={['lines', i, 'volume']}
                label={t('driverDay.form.volume')}
              >
                <VolumeInput
                  suffix={formatMeasureUnit(line.unit)}
                  aria-label={t('driverDay.form.volumeOf', { waste })}
                />
              </Form.Item>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
