import type { ContractFileKind } from '@junkan/shared/contract-rules';
import { describe, expect, it } from 'vitest';
import { type ContractLicense, printedLicense } from './contract-license';

const fromPermit: ContractLicense = {
  licenseNumber: '01300123456',
  licenseDistrict: '東京都',
  licenseExpireDate: '2030-03-31',
  licenseWasteKinds: ['廃プラスチック類', '汚泥'],
};
const typedBeforePermits: ContractLicense = {
  licenseNumber: '第1301-0042号',
  licenseDistrict: '東京都中央区',
  licenseExpireDate: '2028-03-31',
  licenseWasteKinds: null,
};

const industrialRow = {
  kind: '産業廃棄物収集運搬業許可',
  number: '01300123456',
  district: '東京都',
  wasteKinds: '廃プラスチック類、汚泥',
  expiryDate: '2030-03-31',
  copyAttached: true,
};

describe('printedLicense', () => {
  it.each<[ContractFileKind, ContractLicense, object]>([
    // A kept permit (industrial, collection and transport) under each industrial document.
    ['collection', fromPermit, industrialRow],
    ['disposal', fromPermit, industrialRow],
    ['combine', fromPermit, industrialRow],
    // Never under the municipal (general) waste heading: no kept permit is a municipality's.
    [
      'regular',
      fromPermit,
      {
        kind: '一般廃棄物収集運搬業許可',
        number: '—',
        district: '—',
        wasteKinds: '—',
        expiryDate: null,
        copyAttached: false,
      },
    ],
    ['collection', { ...fromPermit, licenseWasteKinds: [] }, { ...industrialRow, wasteKinds: '—' }],
    // Written before permits were kept: as typed, under the document's own kind.
    [
      'regular',
      typedBeforePermits,
      {
        kind: '一般廃棄物収集運搬業許可',
        number: '第1301-0042号',
        district: '東京都中央区',
        wasteKinds: '—',
        expiryDate: '2028-03-31',
        copyAttached: false,
      },
    ],
    [
      'disposal',
      typedBeforePermits,
      {
        kind: '産業廃棄物処分業許可',
        number: '第1301-0042号',
        district: '東京都中央区',
        wasteKinds: '—',
        expiryDate: '2028-03-31',
        copyAttached: false,
      },
    ],
  ])('the %s document of %j prints %j', (kind, license, row) => {
    expect(printedLicense(kind, license)).toEqual(row);
  });
});
