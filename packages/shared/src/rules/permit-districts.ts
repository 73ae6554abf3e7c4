/**
 * The administrative districts that issue industrial-waste permits (Waste Management Act, 廃棄物処理法 14条): the 47
 * prefectures and the 20 designated cities (政令指定都市), whose mayors issue permits within the city. Codes are the
 * national local-government codes (JIS X 0401 / 0402, without the check digit): a prefecture "13", a city "14100".
 */
export interface PermitDistrict {
  code: string;
  ja: string;
  en: string;
  /** The prefecture a designated city lies in (its own code for a prefecture). */
  prefectureCode: string;
}

const P: [string, string, string][] = [
  ['01', '北海道', 'Hokkaido'],
  ['02', '青森県', 'Aomori'],
  ['03', '岩手県', 'Iwate'],
  ['04', '宮城県', 'Miyagi'],
  ['05', '秋田県', 'Akita'],
  ['06', '山形県', 'Yamagata'],
  ['07', '福島県', 'Fukushima'],
  ['08', '茨城県', 'Ibaraki'],
  ['09', '栃木県', 'Tochigi'],
  ['10', '群馬県', 'Gunma'],
  ['11', '埼玉県', 'Saitama'],
  ['12', '千葉県', 'Chiba'],
  ['13', '東京都', 'Tokyo'],
  ['14', '神奈川県', 'Kanagawa'],
  ['15', '新潟県', 'Niigata'],
  ['16', '富山県', 'Toyama'],
  ['17', '石川県', 'Ishikawa'],
  ['18', '福井県', 'Fukui'],
  ['19', '山梨県', 'Yamanashi'],
  ['20', '長野県', 'Nagano'],
  ['21', '岐阜県', 'Gifu'],
  ['22', '静岡県', 'Shizuoka'],
  ['23', '愛知県', 'Aichi'],
  ['24', '三重県', 'Mie'],
  ['25', '滋賀県', 'Shiga'],
  ['26', '京都府', 'Kyoto Prefecture'],
  ['27', '大阪府', 'Osaka Prefecture'],
  ['28', '兵庫県', 'Hyogo'],
  ['29', '奈良県', 'Nara'],
  ['30', '和歌山県', 'Wakayama'],
  ['31', '鳥取県', 'Tottori'],
  ['32', '島根県', 'Shimane'],
  ['33', '岡山県', 'Okayama'],
  ['34', '広島県', 'Hiroshima'],
  ['35', '山口県', 'Yamaguchi'],
  ['36', '徳島県', 'Tokushima'],
  ['37', '香川県', 'Kagawa'],
  ['38', '愛媛県', 'Ehime'],
  ['39', '高知県', 'Kochi'],
  ['40', '福岡県', 'Fukuoka'],
  ['41', '佐賀県', 'Saga'],
  ['42', '長崎県', 'Nagasaki'],
  ['43', '熊本県', 'Kumamoto'],
  ['44', '大分県', 'Oita'],
  ['45', '宮崎県', 'Miyazaki'],
  ['46', '鹿児島県', 'Kagoshima'],
  ['47', '沖縄県', 'Okinawa'],
];

const C: [string, string, string][] = [
  ['01100', '札幌市', 'Sapporo City'],
  ['04100', '仙台市', 'Sendai City'],
  ['11100', 'さいたま市', 'Saitama City'],
  ['12100', '千葉市', 'Chiba City'],
  ['14100', '横浜市', 'Yokohama City'],
  ['14130', '川崎市', 'Kawasaki City'],
  ['14150', '相模原市', 'Sagamihara City'],
  ['15100', '新潟市', 'Niigata City'],
  ['22100', '静岡市', 'Shizuoka City'],
  ['22130', '浜松市', 'Hamamatsu City'],
  ['23100', '名古屋市', 'Nagoya City'],
  ['26100', '京都市', 'Kyoto City'],
  ['27100', '大阪市', 'Osaka City'],
  ['27140', '堺市', 'Sakai City'],
  ['28100', '神戸市', 'Kobe City'],
  ['33100', '岡山市', 'Okayama City'],
  ['34100', '広島市', 'Hiroshima City'],
  ['40100', '北九州市', 'Kitakyushu City'],
  ['40130', '福岡市', 'Fukuoka City'],
  ['43100', '熊本市', 'Kumamoto City'],
];

/** Prefectures in code order, then each designated city after its prefecture. */
export const PERMIT_DISTRICTS: readonly PermitDistrict[] = P.flatMap(([code, ja, en]) => [
  { code, ja, en, prefectureCode: code },
  ...C.filter(([c]) => c.startsWith(code)).map(([c, cja, cen]) => ({
    code: c,
    ja: cja,
    en: cen,
    prefectureCode: code,
  })),
]);

export const PERMIT_DISTRICT_CODES = PERMIT_DISTRICTS.map((d) => d.code) as [string, ...string[]];

const BY_CODE = new Map(PERMIT_DISTRICTS.map((d) => [d.code, d]));

export function permitDistrictOf(code: string): PermitDistrict | undefined {
  return BY_CODE.get(code);
}

export function isPermitDistrictCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** The district's name in the language asked for (the code itself when unknown). */
export function permitDistrictName(code: string, lang: 'ja' | 'en' = 'ja'): string {
  const d = BY_CODE.get(code);
  return d ? d[lang] : code;
}
