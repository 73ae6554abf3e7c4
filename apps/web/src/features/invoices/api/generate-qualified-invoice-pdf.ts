import { QUALIFIED_INVOICE_TOTAL_HEADER, type QualifiedInvoicePdfRequest } from '@junkan/shared';
import { useMutation } from '@tanstack/react-query';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { fileNameFromDisposition } from '../../../lib/download-attachment';
import { getToken } from '../../../lib/session';

export interface GeneratedInvoicePdf {
  blob: Blob;
  fileName: string;
  /** 合計 (税込) as the server computed it. */
  total: number;
}

/**
 * POST /trans/qualified-invoices/pdf: the qualified invoice as a PDF. The answer is a file, not JSON, so the call
 * is made here rather than through `request()`; failures become the same ApiError (code and field codes).
 */
export async function generateQualifiedInvoicePdf(
  body: QualifiedInvoicePdfRequest,
): Promise<GeneratedInvoicePdf> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/trans/qualified-invoices/pdf`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/pdf',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'network_error' });
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as {
      code?: string;
      fields?: Record<string, string>;
    };
    throw new ApiError({
      status: response.status,
      code: error.code ?? 'unknown_error',
      fields: error.fields,
    });
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? 'invoice.pdf',
    total: Number(response.headers.get(QUALIFIED_INVOICE_TOTAL_HEADER) ?? 0),
  };
}

export const useGenerateQualifiedInvoicePdf = () => useMutation({ mutationFn: generateQualifiedInvoicePdf });
