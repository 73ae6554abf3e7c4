/**
 * Yen amounts typed into a number field: shown with thousands separators, read back as digits only.
 * A cleared field reads back as empty, never 0, so a required amount is reported as missing.
 */
export function formatYenInput(value: number | string | null | undefined): string {
  if (value === undefined || value === null || `${value}` === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('ja-JP') : `${value}`;
}

/** Digits only; '' when nothing is left (InputNumber then stores null). */
export function parseYenInput(text: string | undefined): string {
  return (text ?? '').replace(/[^\d]/g, '');
}
