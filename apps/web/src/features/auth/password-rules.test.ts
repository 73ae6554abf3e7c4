import type { FormRule } from 'antd';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmPasswordRules } from './password-rules';

beforeAll(async () => {
  await i18next.init({
    lng: 'ja',
    resources: { ja: { translation: { MSG_00_21: '必須', MSG_03_2: '一致しません', unknown_error: '?' } } },
  });
});

/** Runs the confirmation rule against a form whose `password` field holds `password`. */
async function confirmText(password: string, value: string): Promise<string | null> {
  const [, match] = confirmPasswordRules(i18next.t.bind(i18next) as TFunction, 'password');
  const form = { getFieldValue: (name: string) => (name === 'password' ? password : undefined) };
  const rule = (match as Extract<FormRule, (...args: never[]) => unknown>)(form as never);
  try {
    await rule.validator?.({} as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('confirmPasswordRules', () => {
  it('is required first, with the required text', () => {
    const [required] = confirmPasswordRules(i18next.t.bind(i18next) as TFunction, 'password');
    expect(required).toEqual({ required: true, message: '必須' });
  });

  it('passes the same password and refuses another with MSG_03_2', async () => {
    expect(await confirmText('Secret#123', 'Secret#123')).toBeNull();
    expect(await confirmText('Secret#123', 'Secret#124')).toBe('一致しません');
  });

  it('leaves an empty confirmation to the required rule', async () => {
    expect(await confirmText('Secret#123', '')).toBeNull();
  });
});
