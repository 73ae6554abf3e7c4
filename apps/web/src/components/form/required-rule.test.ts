import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { requiredRule } from './required-rule';

describe('requiredRule', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'ja',
      resources: {
        ja: { translation: { MSG_00_21: '必須項目です', MSG_00_27: '形式が違います', unknown_error: '?' } },
      },
    });
  });
  const t = i18next.t.bind(i18next) as TFunction;

  it('is required and shows the required text', () => {
    expect(requiredRule(t)).toEqual({ required: true, message: '必須項目です' });
  });

  it('shows another code when given', () => {
    expect(requiredRule(t, 'MSG_00_27')).toMatchObject({ message: '形式が違います' });
  });
});
