import {
  QUALIFIED_INVOICE_TOTAL_HEADER,
  type QualifiedInvoicePdfRequest,
} from '@junkan/shared/api/qualified-invoices';
import { useMutation } from '@tanstack/react-query';
import { fetchApi } from '../../../lib/api-client';
import { fileNameFromDisposition } from '../../../lib/download-attachment';

export interface GeneratedInvoicePdf {
  blob: Blob;
  fileName: string;
  /** 合計 (税込) as the server computed it. */
  total: number;
}

/** POST /trans/qualified-invoices/pdf: the qualified invoice as a PDF (a file, not JSON), with its total. */
export async function generateQualifiedInvoicePdf(
  body: QualifiedInvoicePdfRequest,
): Promise<GeneratedInvoicePdf> {
  const response = await fetchApi('/trans/qualified-invoices/pdf', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
    body: JSON.stringify(body),
  });
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? 'invoice.pdf',
    total: Number(response.headers.get(QUALIFIED_INVOICE_TOTAL_HEADER) ?? 0),
  };
}

export const useGenerateQualifiedInvoicePdf = () => useMutation({ mutationFn: generateQualifiedInvoicePdf });
