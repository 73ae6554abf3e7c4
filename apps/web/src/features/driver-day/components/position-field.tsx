import type { DriverMarkInput } from '@junkan/shared/api/drivers';
import { Checkbox, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The phone's position as the form keeps it: asked for, found (or not), or not asked. */
export type PositionState = 'off' | 'getting' | 'failed' | NonNullable<DriverMarkInput['position']>;

/**
 * Asks the browser for the phone's position, only when the driver ticks the box. A refusal, no signal or a
 * timeout is fine: the mark goes without it.
 */
export function findPosition(onState: (state: PositionState) => void): void {
  if (!('geolocation' in navigator)) {
    onState('failed');
    return;
  }
  onState('getting');
  navigator.geolocation.getCurrentPosition(
    (p) =>
      onState({
        latitude: p.coords.latitude,
        longitude: p.coords.longitude,
        accuracy: Number.isFinite(p.coords.accuracy) ? Math.round(p.coords.accuracy) : null,
      }),
    () => onState('failed'),
    { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
  );
}

/** 「位置情報を記録する」: the box, and what became of the position (a polite live region). */
export function PositionField({
  state,
  onToggle,
}: {
  state: PositionState;
  onToggle: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="withPosition" valuePropName="checked" style={{ marginBottom: 4 }}>
        <Checkbox onChange={(e) => onToggle(e.target.checked)} data-testid="driver-position">
          {t('driverDay.form.position')}
        </Checkbox>
      </Form.Item>
      <div aria-live="polite" style={{ minHeight: 22, marginBottom: 16 }}>
        {state === 'getting' && <Typography.Text>{t('driverDay.form.positionGetting')}</Typography.Text>}
        {state === 'failed' && (
          <Typography.Text type="secondary">{t('driverDay.form.positionFailed')}</Typography.Text>
        )}
        {typeof state === 'object' && (
          <Typography.Text>
            {t('driverDay.form.positionGot', { accuracy: state.accuracy ?? '-' })}
          </Typography.Text>
        )}
      </div>
    </>
  );
}
