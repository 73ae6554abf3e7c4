/** The 47 prefectures (都道府県) in the national code order (JIS X 0401: 01 北海道 ... 47 沖縄県). */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];

export function isPrefecture(value: string): value is Prefecture {
  return (PREFECTURES as readonly string[]).includes(value);
}

/** Prefecture names without duplicates, in the national code order. */
export function sortPrefectures(values: readonly Prefecture[]): Prefecture[] {
  return PREFECTURES.filter((p) => values.includes(p));
}

/**
 * The prefecture an address lies in, as its 2-digit code ('13'), read from the address's start: Japanese
 * addresses begin with the prefecture's name (as the postal-code lookup fills address1). Spaces before it are
 * ignored; null when the address does not start with a prefecture.
 */
export function prefectureCodeOfAddress(address: string): string | null {
  const text = address.replace(/^[\s\u3000]+/, '');
  const index = PREFECTURES.findIndex((p) => text.startsWith(p));
  return index < 0 ? null : String(index + 1).padStart(2, '0');
}
