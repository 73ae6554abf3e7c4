/**
 * Volumes of the achievements as section 5 writes a volume: thousands separators and two decimals, while a
 * whole number of more than 5 digits stays whole (as the volume input writes it). A sum of a line may pass the
 * input's 7 digits; it is written the same way.
 */
export function formatAchievementVolume(value: number): string {
  return volumeFormat(value, true).format(value);
}

/** The volume and its unit in one cell, as the list and the details show it: "1,234.50 t", "3.00 個". */
export function volumeWithUnitText(value: number, unit: string | null): string {
  const volume = formatAchievementVolume(value);
  return unit ? `${volume} ${unit}` : volume;
}

/** The volume as the table shows it, without thousands separators, so a spreadsheet reads it as a number. */
export function csvVolume(value: number): string {
  return volumeFormat(value, false).format(value);
}

function volumeFormat(value: number, grouping: boolean): Intl.NumberFormat {
  const wholeDigits = String(Math.trunc(Math.abs(value))).length;
  const fraction = wholeDigits > 5 && Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat('ja-JP', {
    minimumFractionDigits: fraction,
    maximumFractionDigits: 2,
    useGrouping: grouping,
  });
}
