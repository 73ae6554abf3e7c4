import type { CollectionRequestOption } from '@junkan/shared/api/collections';

/** A regular contract in force as the request options answer it, for the request form's tests. */
export const OPTION: CollectionRequestOption = {
  projectId: 7,
  projectTitle: '銀座店 可燃ごみ定期回収',
  projectType: 'REGULAR',
  contract: {
    id: 3,
    contractType: 'AUTO_UPDATE',
    startDate: '2026-06-01',
    endDate: '2027-05-31',
    requestableUntil: '2028-05-31',
    collectionsLeft: null,
  },
  transportCompany: { id: 2, name: '東都クリーン' },
  wasteLines: [
    { id: 11, wasteName: '可燃ごみ', kind: 'REGULAR', unit: null },
    { id: 12, wasteName: '廃プラスチック類', kind: 'INDUSTRIAL', unit: 't' },
  ],
  dischargeSites: [{ id: 5, name: '銀座店', address: '東京都中央区銀座1-1-1' }],
};

/** A spot contract of a regular project with its one collection still to ask for. */
export const SPOT_OPTION: CollectionRequestOption = {
  ...OPTION,
  projectId: 8,
  projectTitle: '銀座店 改装に伴う不用品 スポット回収',
  contract: {
    ...OPTION.contract,
    id: 4,
    contractType: 'SPOT',
    endDate: '2026-12-31',
    requestableUntil: '2026-12-31',
    collectionsLeft: 1,
  },
};
