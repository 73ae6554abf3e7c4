import { TOAST_DURATION_S } from '@junkan/shared';
import type { FormInstance, FormRule } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { requiredRule } from '../components/form/required-rule';
import { isApiError } from './api-client';
import { messageText } from './i18n';

type NamePath = (string | number)[];

/**
 * An antd rule that runs a shared zod schema: the schema's message codes become the field's text.
 * `schema` may be a loader, for pages that keep zod out of their first load.
 */
export function zodRule(schema: z.ZodType | (() => Promise<z.ZodType>), t: TFunction): FormRule {
  return {
    validator: async (_rule, value) => {
      const resolved = typeof schema === 'function' ? await schema() : schema;
      const result = resolved.safeParse(value ?? '');
      if (!result.success)
        throw new Error(messageText(t, result.error.issues[0]?.message ?? 'invalid_format'));
    },
  };
}

export function toastError(
  message: MessageInstance,
  t: TFunction,
  code: string,
  params?: Record<string, string | number>,
): void {
  void message.error(messageText(t, code, params), TOAST_DURATION_S);
}

/**
 * Shows a failed call: field codes next to their fields (`fieldMap` renames server field names to form
 * paths), anything else as a toast. Returns the error code, or null when `error` was not an API error.
 */
export function showApiError(args: {
  error: unknown;
  t: TFunction;
  message: MessageInstance;
  form?: FormInstance;
  fieldMap?: Record<string, NamePath>;
  /** Toast this instead of generic codes (validation_error, server_error, unknown_error, invalid_request). */
  fallbackCode?: string;
}): string | null {
  const { error, t, message, form, fieldMap, fallbackCode } = args;
  if (!isApiError(error)) {
    toastError(message, t, fallbackCode ?? 'unknown_error');
    return null;
  }
  const entries = Object.entries(error.fields ?? {});
  if (form && entries.length > 0) {
    form.setFields(
      entries.map(([field, code]) => ({
        name: fieldMap?.[field] ?? field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        errors: [messageText(t, code)],
      })),
    );
    return error.code;
  }
  const generic = ['validation_error', 'server_error', 'unknown_error', 'invalid_request'];
  const useFallback = fallbackCode && generic.includes(error.code);
  toastError(message, t, useFallback ? fallbackCode : error.code, useFallback ? undefined : error.params);
  return error.code;
}

/** Confirmation field: required, and equal to `otherField` (MSG_03_2). */
export function confirmPasswordRules(t: TFunction, otherField: string): FormRule[] {
  return [
    requiredRule(t),
    ({ getFieldValue }) => ({
      validator: async (_rule, value) => {
        if (value && value !== getFieldValue(otherField)) throw new Error(messageText(t, 'MSG_03_2'));
      },
    }),
  ];
}
