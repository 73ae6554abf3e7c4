import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import {
  FOCUS_FIRST_ERROR,
  setZodIssues,
  showApiError,
  showFormIssues,
  toastError,
  validateOrFocus,
  zodRule,
} from './form-errors';

const TEXTS = {
  MSG_00_21: '必須',
  MSG_00_27: '形式',
  MSG_00_01: '失敗しました',
  unknown_error: '?',
  in_use_cannot_delete: '{{usedBy}}で使用中',
  server_error: 'サーバーエラー',
  validation_error: '入力エラー',
  permit_cannot_be_confirmed: '許可が確認できません',
  permit_coverage_no_permit: '{{district}}の許可がありません',
  permit_coverage_kind_not_covered: '{{district}}の許可は「{{wasteKind}}」を含みません',
  permit_coverage_no_disposal_site: '処分場がありません',
};

beforeAll(async () => {
  await i18next.init({ lng: 'ja', resources: { ja: { translation: TEXTS } } });
});
const t = () => i18next.t.bind(i18next) as TFunction;

/** A form and a message that record what they were asked to show. */
function recorder() {
  const fields: unknown[] = [];
  const toasts: unknown[][] = [];
  return {
    fields,
    toasts,
    form: { setFields: (set: unknown[]) => void fields.push(...set) },
    message: { error: (...args: unknown[]) => void toasts.push(args) } as never,
  };
}

/** Runs an antd rule's validator; resolves to the error text, or null when the value passes. */
async function ruleText(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('not a validator rule');
  try {
    await rule.validator({} as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  const schema = z.string().min(1, 'MSG_00_21').regex(/^\d+$/, 'MSG_00_27');

  it('passes a valid value and shows the first issue text of an invalid one', async () => {
    expect(await ruleText(zodRule(schema, t()), '123')).toBeNull();
    expect(await ruleText(zodRule(schema, t()), 'abc')).toBe('形式');
  });

  it('reads an empty field as an empty text', async () => {
    expect(await ruleText(zodRule(schema, t()), undefined)).toBe('必須');
    expect(await ruleText(zodRule(schema, t()), null)).toBe('必須');
  });

  it('loads the schema on first use when given a loader', async () => {
    let loads = 0;
    const rule = zodRule(async () => {
      loads++;
      return schema;
    }, t());
    expect(loads).toBe(0);
    expect(await ruleText(rule, 'x1')).toBe('形式');
    expect(loads).toBe(1);
  });

  it('shows the generic text for a code without one', async () => {
    expect(await ruleText(zodRule(z.string().min(2, 'no_such_code'), t()), 'a')).toBe('?');
  });
});

describe('setZodIssues', () => {
  it('sets each field its first issue text, with array paths', () => {
    const r = recorder();
    setZodIssues(
      r.form,
      [
        { path: ['offices', 0, 'officeName'], message: 'MSG_00_21' },
        { path: ['offices', 0, 'officeName'], message: 'MSG_00_27' },
        { path: ['email', Symbol('x')], message: 'MSG_00_27' },
      ],
      t(),
    );
    expect(r.fields).toEqual([
      { name: ['offices', 0, 'officeName'], errors: ['必須'], warnings: [] },
      { name: ['email'], errors: ['形式'], warnings: [] },
    ]);
  });
});

describe('showFormIssues', () => {
  it('shows each field its first issue, by name or path, and toasts the first issue without a field', () => {
    const r = recorder();
    showFormIssues(
      r.form,
      [
        { name: 'projectId', code: 'MSG_00_21' },
        { name: null, code: 'MSG_00_01' },
        { name: ['lines', 1, 'volume'], code: 'MSG_00_27' },
        { name: 'projectId', code: 'MSG_00_27' },
        { name: ['lines', 1, 'volume'], code: 'MSG_00_21' },
        { name: null, code: 'MSG_00_27' },
      ],
      t(),
      r.message,
    );
    expect(r.fields).toEqual([
      { name: 'projectId', errors: ['必須'], warnings: [] },
      { name: ['lines', 1, 'volume'], errors: ['形式'], warnings: [] },
    ]);
    expect(r.toasts).toEqual([['失敗しました', 5]]);
  });

  it('toasts nothing without a message to toast with', () => {
    const r = recorder();
    showFormIssues(r.form, [{ name: null, code: 'MSG_00_01' }], t());
    expect(r.fields).toEqual([]);
    expect(r.toasts).toEqual([]);
  });
});

describe('toastError', () => {
  it('toasts the code text with its values for the toast duration', () => {
    const r = recorder();
    toastError(r.message, t(), 'in_use_cannot_delete', { usedBy: '案件' });
    expect(r.toasts).toEqual([['案件で使用中', 5]]);
  });
});

describe('showApiError', () => {
  it('toasts a permit refusal with each gap on its own line, districts and kinds named', () => {
    const r = recorder();
    const error = new ApiError({
      status: 409,
      code: 'permit_cannot_be_confirmed',
      gaps: [
        { district: null, wasteKind: null, reason: 'NO_DISPOSAL_SITE' },
        { district: '27', wasteKind: null, reason: 'NO_PERMIT' },
        { district: '13', wasteKind: { id: 5, name: '廃油' }, reason: 'KIND_NOT_COVERED' },
      ],
    });
    expect(showApiError({ error, t: t(), message: r.message, form: r.form })).toBe(
      'permit_cannot_be_confirmed',
    );
    expect(r.toasts).toHaveLength(1);
    expect((r.toasts[0]![0] as { content: string }).content).toBe(
      [
        '許可が確認できません',
        '・処分場がありません',
        '・大阪府の許可がありません',
        '・東京都の許可は「廃油」を含みません',
      ].join('\n'),
    );
    expect(r.fields).toEqual([]);
  });

  const fieldError = new ApiError({
    status: 400,
    code: 'validation_error',
    fields: { 'offices.0.officeName': 'MSG_00_21', pass: 'MSG_00_27', dischargerId: 'MSG_00_27' },
  });

  it('puts field codes next to their fields, renamed by the field map, and toasts nothing', () => {
    const r = recorder();
    const code = showApiError({
      error: fieldError,
      t: t(),
      message: r.message,
      form: r.form,
      fieldMap: { pass: ['password'] },
    });
    expect(code).toBe('validation_error');
    expect(r.fields).toEqual([
      { name: ['offices', 0, 'officeName'], errors: ['必須'], warnings: [] },
      { name: ['password'], errors: ['形式'], warnings: [] },
      { name: ['dischargerId'], errors: ['形式'], warnings: [] },
    ]);
    expect(r.toasts).toEqual([]);
  });

  it('shows a field only its first code when two server fields map to it', () => {
    const r = recorder();
    const error = new ApiError({
      status: 400,
      code: 'validation_error',
      fields: { dischargerId: 'MSG_00_21', projectId: 'MSG_00_27' },
    });
    showApiError({
      error,
      t: t(),
      message: r.message,
      form: r.form,
      fieldMap: { dischargerId: ['projectId'] },
    });
    expect(r.fields).toEqual([{ name: ['projectId'], errors: ['必須'], warnings: [] }]);
  });

  it('toasts field errors when there is no form to show them', () => {
    const r = recorder();
    expect(showApiError({ error: fieldError, t: t(), message: r.message })).toBe('validation_error');
    expect(r.fields).toEqual([]);
    expect(r.toasts).toEqual([['入力エラー', 5]]);
  });

  it('toasts a code without fields, with its values', () => {
    const r = recorder();
    const error = new ApiError({ status: 409, code: 'in_use_cannot_delete', params: { usedBy: '契約' } });
    expect(showApiError({ error, t: t(), message: r.message, form: r.form })).toBe('in_use_cannot_delete');
    expect(r.toasts).toEqual([['契約で使用中', 5]]);
  });

  it('toasts the fallback instead of a generic code, and not instead of a specific one', () => {
    const generic = recorder();
    const error = new ApiError({ status: 500, code: 'server_error' });
    showApiError({ error, t: t(), message: generic.message, fallbackCode: 'MSG_00_01' });
    expect(generic.toasts).toEqual([['失敗しました', 5]]);

    const specific = recorder();
    const conflict = new ApiError({ status: 409, code: 'in_use_cannot_delete', params: { usedBy: 'x' } });
    showApiError({ error: conflict, t: t(), message: specific.message, fallbackCode: 'MSG_00_01' });
    expect(specific.toasts).toEqual([['xで使用中', 5]]);
  });

  it('toasts the fallback, else the unknown error, for a failure that is not an API error', () => {
    const r = recorder();
    expect(showApiError({ error: new TypeError('x'), t: t(), message: r.message })).toBeNull();
    expect(showApiError({ error: 'x', t: t(), message: r.message, fallbackCode: 'MSG_00_01' })).toBeNull();
    expect(r.toasts).toEqual([
      ['?', 5],
      ['失敗しました', 5],
    ]);
  });
});

describe('focus on the first field in error', () => {
  it('showFormIssues moves focus to the first field it marks, not to a field without an issue', () => {
    const focused: unknown[][] = [];
    const fields: unknown[] = [];
    const form = {
      setFields: (set: unknown[]) => void fields.push(...set),
      scrollToField: (...args: unknown[]) => void focused.push(args),
    };
    showFormIssues(
      form as never,
      [
        { name: null, code: 'MSG_00_01' },
        { name: ['offices', 0, 'officeName'], code: 'MSG_00_21' },
        { name: 'email', code: 'MSG_00_27' },
      ],
      t(),
    );
    expect(focused).toEqual([[['offices', 0, 'officeName'], FOCUS_FIRST_ERROR]]);
    expect(FOCUS_FIRST_ERROR).toMatchObject({ focus: true });
  });

  it('showFormIssues with only a general issue moves focus nowhere', () => {
    const focused: unknown[] = [];
    showFormIssues(
      { setFields: () => undefined, scrollToField: (name: unknown) => void focused.push(name) } as never,
      [{ name: null, code: 'MSG_00_01' }],
      t(),
    );
    expect(focused).toEqual([]);
  });

  it('validateOrFocus answers the values, or null with focus on the first field antd refused', async () => {
    const focused: unknown[] = [];
    const form = (result: Promise<unknown>) => ({
      validateFields: () => result,
      scrollToField: (name: unknown) => void focused.push(name),
    });
    expect(await validateOrFocus(form(Promise.resolve({ reason: 'x' })) as never)).toEqual({ reason: 'x' });
    expect(focused).toEqual([]);
    const refusal = { errorFields: [{ name: ['reason'] }, { name: ['memo'] }] };
    expect(await validateOrFocus(form(Promise.reject(refusal)) as never)).toBeNull();
    expect(focused).toEqual([['reason']]);
  });
});
