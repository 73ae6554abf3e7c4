import type { ContractFileKind } from '@junkan/shared/contract-rules';

/** The wording that differs between the four contract documents; the articles around it are shared. */
export interface ContractTemplate {
  title: string;
  /** Start of the download name: `<prefix>_<contract name>.pdf`. */
  fileNamePrefix: string;
  isIndustrial: boolean;
  /** 本件廃棄物 as defined in article 1. */
  wasteClass: string;
  /** What 甲 entrusts: 収集・運搬, 処分, or both. */
  work: string;
  transporterRole: string;
  licenseKind: string;
  /** The Waste Management Act's article that licenses 乙 for this work. */
  licenseArticle: string;
  daysLabel: string;
  /** Article 乙の業務: where the waste goes and how. */
  performance: string[];
  /** Article about the hand-over record: JWNET for industrial waste, the collection itself for municipal. */
  handover: { heading: string; paragraphs: string[] };
  dischargerDuty: string;
}

const JWNET =
  '公益財団法人日本産業廃棄物処理振興センターが運営する電子マニフェストシステム（JWNET）（以下「電子マニフェスト」という。）';

const INDUSTRIAL_DISCHARGER_DUTY =
  '甲は、本件廃棄物の性状、荷姿、取扱い上の注意事項その他適正な処理に必要な情報を、あらかじめ書面（廃棄物データシート等）により乙に提供する。性状等に変更が生じたときも同様とする。';

export const CONTRACT_TEMPLATES: Record<ContractFileKind, ContractTemplate> = {
  regular: {
    title: '一般廃棄物（事業系一般廃棄物）収集運搬委託契約書',
    fileNamePrefix: '一般廃棄物収集運搬委託契約書',
    isIndustrial: false,
    wasteClass: '事業系一般廃棄物',
    work: '収集・運搬',
    transporterRole: '収集運搬業者',
    licenseKind: '一般廃棄物収集運搬業許可',
    licenseArticle: '法第7条第1項',
    daysLabel: '収集日・頻度',
    performance: [
      '乙は、第3条に定める収集日に排出場所において本件廃棄物を収集し、許可自治体の定める一般廃棄物処理施設へ運搬する。',
      '乙の休業日（年末年始等）にあたる収集日の取扱いは、甲乙協議のうえ別途定める。',
    ],
    handover: {
      heading: '排出の方法',
      paragraphs: [
        '甲は、許可自治体の定める分別区分に従い本件廃棄物を分別し、収集日の所定の時刻までに排出場所に排出する。',
        '乙は、分別が不適正なもの又は収集できない物が混入しているものについては、甲に通知のうえ収集を保留することができる。',
      ],
    },
    dischargerDuty:
      '甲は、本件廃棄物に産業廃棄物、特別管理廃棄物その他乙が収集運搬できない物を混入させてはならない。',
  },
  collection: {
    title: '産業廃棄物収集運搬委託契約書',
    fileNamePrefix: '収集運搬委託契約書',
    isIndustrial: true,
    wasteClass: '産業廃棄物',
    work: '収集・運搬',
    transporterRole: '収集運搬業者',
    licenseKind: '産業廃棄物収集運搬業許可',
    licenseArticle: '法第14条第1項',
    daysLabel: '収集日・頻度',
    performance: [
      '乙は、第3条に定める収集日に排出場所において本件廃棄物を収集し、甲が別途処分を委託した処分業者の事業場（運搬の最終目的地）へ運搬する。',
      '乙は、運搬に際し本件廃棄物を他の廃棄物と混合せず、飛散、流出及び悪臭の発散がないよう必要な措置を講じる。',
    ],
    handover: {
      heading: 'マニフェスト',
      paragraphs: [
        `甲は、本件廃棄物の引渡しに際し、${JWNET}を使用し、法第12条の5の規定に基づき必要な事項を登録する。`,
        '乙は、運搬を終了したときは、法定の期限までにその旨を電子マニフェストにより報告する。',
      ],
    },
    dischargerDuty: INDUSTRIAL_DISCHARGER_DUTY,
  },
  disposal: {
    title: '産業廃棄物処分委託契約書',
    fileNamePrefix: '処分委託契約書',
    isIndustrial: true,
    wasteClass: '産業廃棄物',
    work: '処分',
    transporterRole: '処分業者',
    licenseKind: '産業廃棄物処分業許可',
    licenseArticle: '法第14条第6項',
    daysLabel: '搬入日・頻度',
    performance: [
      '乙は、搬入された本件廃棄物を自らの処分施設において、許可の範囲内で法令に定める基準に従い処分する。',
      '乙は、本件廃棄物の処分が困難となる事由が生じたときは、直ちにその旨を甲に書面で通知する。',
    ],
    handover: {
      heading: 'マニフェスト',
      paragraphs: [
        `甲は、本件廃棄物の引渡しに際し、${JWNET}を使用し、法第12条の5の規定に基づき必要な事項を登録する。`,
        '乙は、処分を終了したときは、法定の期限までにその旨を電子マニフェストにより報告する。',
      ],
    },
    dischargerDuty: INDUSTRIAL_DISCHARGER_DUTY,
  },
  combine: {
    title: '産業廃棄物収集運搬・処分委託契約書',
    fileNamePrefix: '収集運搬・処分委託契約書',
    isIndustrial: true,
    wasteClass: '産業廃棄物',
    work: '収集・運搬及び処分',
    transporterRole: '収集運搬業者・処分業者',
    licenseKind: '産業廃棄物収集運搬業・処分業許可',
    licenseArticle: '法第14条第1項及び第6項',
    daysLabel: '収集日・頻度',
    performance: [
      '乙は、第3条に定める収集日に排出場所において本件廃棄物を収集し、自らの処分施設（運搬の最終目的地）へ運搬する。',
      '乙は、前項の処分施設において、許可の範囲内で法令に定める基準に従い本件廃棄物を処分する。',
    ],
    handover: {
      heading: 'マニフェスト',
      paragraphs: [
        `甲は、本件廃棄物の引渡しに際し、${JWNET}を使用し、法第12条の5の規定に基づき必要な事項を登録する。`,
        '乙は、運搬及び処分をそれぞれ終了したときは、法定の期限までにその旨を電子マニフェストにより報告する。',
      ],
    },
    dischargerDuty: INDUSTRIAL_DISCHARGER_DUTY,
  },
};
