import { downloadFile } from '../../../lib/download-attachment';
import { type DaySheetFormat, daySheetRequest } from '../schedule-filters';

/** GET /trans/collections/day-sheet?date&format: the day's collection sheet (PDF or CSV), as a download. */
export function downloadDaySheet(date: string, format: DaySheetFormat) {
  const { path, fileName } = daySheetRequest(date, format);
  return downloadFile(path, fileName);
}
