import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { invoiceDetailQueryOptions, refreshOnConflict } from './invoice-detail';

describe('refreshOnConflict', () => {
  const cached = () => {
    const client = new QueryClient();
    const key = invoiceDetailQueryOptions(true, 7).queryKey;
    client.setQueryData(key, { id: 7, status: 'BILLED' } as never);
    return { client, stale: () => client.getQueryState(key)?.isInvalidated };
  };

  it('reads the invoice again after a refusal because it changed meanwhile (paid in another tab)', () => {
    const { client, stale } = cached();
    expect(refreshOnConflict(client, new ApiError({ status: 409, code: 'invoice_already_paid' }))).toBe(true);
    expect(stale()).toBe(true);
  });

  it('leaves it as it is after a refusal of the input, or a failure that is no refusal', () => {
    const { client, stale } = cached();
    const input = new ApiError({ status: 400, code: 'settlement_before_billed_month' });
    expect(refreshOnConflict(client, input)).toBe(false);
    expect(refreshOnConflict(client, new Error('offline'))).toBe(false);
    expect(stale()).toBe(false);
  });
});
