/** A report's values as first sent, and its last correction (none, or one), for the report rules' tests. */
import type { LastReportValues } from './report-values';

export const ORIGINAL = {
  endDateTransport: '2026-11-18',
  transportVolume: 1.5,
  transportVolumeUnit: 1,
  valuablesCollected: 0,
  valuablesCollectedUnit: 1,
  vehicleNumber: '品川 100 あ 12-34',
  reporter: '山田',
  transporter: '東都環境サービス',
  disposalMethodId: 2,
};
export const NO_CORRECTION: LastReportValues = {
  lastEndDateTransport: null,
  lastTransportVolume: null,
  lastTransportVolumeUnit: null,
  lastValuablesCollected: null,
  lastValuablesCollectedUnit: null,
  lastVehicleNumber: null,
  lastReporter: null,
  lastTransporter: null,
  lastDisposalMethodId: null,
};
export const CORRECTION: LastReportValues = {
  lastEndDateTransport: '2026-11-19',
  lastTransportVolume: 2,
  lastTransportVolumeUnit: 1,
  lastValuablesCollected: 0,
  lastValuablesCollectedUnit: 1,
  lastVehicleNumber: '品川 100 あ 12-34',
  lastReporter: '山田',
  lastTransporter: '東都環境サービス',
  lastDisposalMethodId: 2,
};
