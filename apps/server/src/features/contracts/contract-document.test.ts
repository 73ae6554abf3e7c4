import { describe, expect, it } from 'vitest';
import { extractPdfText as extractText } from '../../../test/pdf-text';
import {
  type ContractDocumentData,
  contractFileName,
  formatYen,
  renderContractPdf,
} from './contract-document';

const contract: ContractDocumentData = {
  kind: 'combine',
  contractName: '本社ビル 2026年度',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  contractType: 'AUTO_UPDATE',
  paymentMethod: 'PAYMENT_INVOICE',
  issuedDate: '2026-11-20',
  // 髙, 﨑 and 𠮷 are common in names and missing from some Japanese fonts.
  discharger: {
    name: '髙橋工業株式会社',
    address: '東京都中央区銀座1丁目2番3号 﨑山ビル5階',
    contactPerson: '𠮷田 花子',
  },
  transporter: {
    name: '東都環境サービス株式会社',
    address: '東京都江東区新木場2丁目4番1号',
    contactPerson: '山田 太郎',
    licenseNumber: '01300123456',
    licenseDistrict: '横浜市',
    licenseExpireDate: '2030-03-31',
    licenseWasteKinds: ['廃プラスチック類', '汚泥', '金属くず'],
  },
  dischargeSites: [{ name: '本社ビル', address: '東京都中央区銀座1丁目2番3号' }],
  lines: [
    {
      wasteName: '廃プラスチック類',
      quantity: '月2t',
      unitPrice: 12000,
      unit: 't',
      collectionDays: '毎週月・木曜日',
    },
    { wasteName: '金属くず', quantity: null, unitPrice: 35.5, unit: 'kg', collectionDays: '月1回' },
  ],
  manifestFee: 300,
  preparationFee: 5000,
};

const squash = (s: string) => s.replace(/\s+/g, '');

describe('renderContractPdf', () => {
  it.each([
    ['collection', '産業廃棄物収集運搬委託契約書', '産業廃棄物収集運搬業許可'],
    // The chosen permit is a collection-and-transport one, whatever the document.
    ['disposal', '産業廃棄物処分委託契約書', '産業廃棄物収集運搬業許可'],
    ['combine', '産業廃棄物収集運搬・処分委託契約書', '産業廃棄物収集運搬業許可'],
  ] as const)(
    'writes the %s contract as a PDF with extractable Japanese text',
    async (kind, title, license) => {
      const pdf = await renderContractPdf({ ...contract, kind });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeLessThan(500_000);

      const text = await extractText(pdf);
      for (const expected of [
        title,
        license,
        '01300123456',
        contract.discharger.name,
        contract.transporter.name,
        squash(contract.discharger.address),
        squash(contract.discharger.contactPerson),
        // Every date with its era: the period, the permit's expiry and the date of signing.
        '本契約の期間は、2026年12月1日（令和8年12月1日）から2027年11月30日（令和9年11月30日）までとする。',
        // The license as the chosen permit states it: district, number, covered kinds, expiry with its era.
        '許可自治体',
        '横浜市',
        '許可品目（廃棄物の種類）',
        '廃プラスチック類、汚泥、金属くず',
        '2030年3月31日（令和12年3月31日）',
        '乙の許可証の写しは、本契約書に添付する。',
        '2026年11月20日（令和8年11月20日）',
        '廃プラスチック類',
        '12,000円',
        '35.5円',
        '実績による',
        '契約書作成手数料として5,000円',
        '税率10%',
        '請求書払い',
        '記名押印',
      ])
        expect(text).toContain(expected);

      expect(text).toContain('JWNET');
      expect(text).toContain('マニフェスト（電子）利用料として300円');
    },
  );

  it('writes the municipal waste contract without the industrial permit: its license cells are "—"', async () => {
    const pdf = await renderContractPdf({ ...contract, kind: 'regular' });
    const text = await extractText(pdf);
    for (const expected of [
      '一般廃棄物（事業系一般廃棄物）収集運搬委託契約書',
      '法第7条第1項に基づく次の許可を有し',
      // Kind, number, district, kinds and expiry: the general-waste heading over nothing.
      '一般廃棄物収集運搬業許可————',
      '本契約の期間は、2026年12月1日（令和8年12月1日）から2027年11月30日（令和9年11月30日）までとする。',
      contract.transporter.name,
      '12,000円',
    ])
      expect(text).toContain(expected);
    // Nothing of the prefectural (or city) industrial permit, nor its copy.
    for (const industrial of [
      '01300123456',
      '横浜市',
      '廃プラスチック類、汚泥、金属くず',
      '2030年3月31日',
      '産業廃棄物収集運搬業許可',
      '許可証の写し',
      'JWNET',
      'マニフェスト（電子）利用料',
    ])
      expect(text).not.toContain(industrial);
  });

  it('states renewal, no renewal or a one-off contract by the contract type', async () => {
    const auto = await extractText(await renderContractPdf({ ...contract, contractType: 'AUTO_UPDATE' }));
    const fixed = await extractText(await renderContractPdf({ ...contract, contractType: 'NO_AUTO_UPDATE' }));
    const spot = await extractText(await renderContractPdf({ ...contract, contractType: 'SPOT' }));

    const renews = '期間満了の1か月前までに甲乙いずれからも書面による別段の申し出がない場合は';
    expect(auto).toContain(renews);
    expect(auto).toContain('同一条件で更新');
    expect(fixed).not.toContain(renews);
    expect(fixed).toContain('本契約は期間満了をもって終了し、更新しないものとする。');
    expect(spot).toContain('スポット（単発）契約');
    expect(spot).not.toContain(renews);
  });

  it('leaves out a zero manifest fee, and states card payment and a free preparation', async () => {
    const text = await extractText(
      await renderContractPdf({
        ...contract,
        manifestFee: 0,
        preparationFee: 0,
        paymentMethod: 'CREDIT_CARD',
      }),
    );
    expect(text).not.toContain('マニフェスト（電子）利用料');
    expect(text).toContain('契約書作成手数料は、無償とする。');
    expect(text).toContain('クレジットカード決済');
    expect(text).not.toContain('請求書払い');
  });

  it('prints a contract written before permits were kept without covered kinds or an attached copy', async () => {
    const text = await extractText(
      await renderContractPdf({
        ...contract,
        transporter: { ...contract.transporter, licenseDistrict: '東京都', licenseWasteKinds: null },
      }),
    );
    expect(text).toContain('01300123456東京都—2030年3月31日（令和12年3月31日）');
    expect(text).not.toContain('許可証の写し');
  });
});

describe('contractFileName', () => {
  it.each([
    ['collection', '本社ビル 2026年度', '収集運搬委託契約書_本社ビル 2026年度.pdf'],
    ['disposal', 'A/B:C*D?"E"<F>|G', '処分委託契約書_A_B_C_D__E__F__G.pdf'],
    ['combine', '  二つの\t空白  ', '収集運搬・処分委託契約書_二つの 空白.pdf'],
    ['regular', '..\u0000', '一般廃棄物収集運搬委託契約書__.pdf'],
    ['regular', '   ', '一般廃棄物収集運搬委託契約書_契約.pdf'],
    ['regular', `${'あ'.repeat(79)}𠮷𠮷`, `一般廃棄物収集運搬委託契約書_${'あ'.repeat(79)}𠮷.pdf`],
  ] as const)('names the %s document of %j', (kind, contractName, expected) => {
    expect(contractFileName({ kind, contractName })).toBe(expected);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0円'],
    [12000, '12,000円'],
    [1234567.5, '1,234,567.5円'],
  ])('writes %d yen as %s', (amount, expected) => {
    expect(formatYen(amount)).toBe(expected);
  });
});
