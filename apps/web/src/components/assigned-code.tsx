import { nextSequentialCode } from '@junkan/shared/sequential-code';
import { Form, Typography } from 'antd';

/**
 * A code the server numbers itself, shown read-only in a register/edit form. A new row shows the code it
 * will get, the one after `lastCode` (nothing until that has loaded), with `note` saying so.
 */
export function AssignedCode({
  label,
  code,
  lastCode,
  width,
  note,
  testId,
}: {
  label: string;
  /** The edited row's code; undefined for a new row. */
  code: string | undefined;
  /** undefined while loading; null when there is no row yet. */
  lastCode: string | null | undefined;
  width?: number;
  note: string;
  testId: string;
}) {
  const isNew = code === undefined;
  const shown = code ?? (lastCode === undefined ? '' : nextSequentialCode(lastCode, width));
  return (
    <Form.Item label={label}>
      <Typography.Text strong data-testid={testId}>
        {shown}
      </Typography.Text>
      {isNew && (
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {note}
        </Typography.Text>
      )}
    </Form.Item>
  );
}
