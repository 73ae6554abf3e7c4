import {
  checkUpload,
  type InvoiceDraftInput,
  type InvoicePaymentMethod,
  invoiceDraftIssues,
  UPLOAD_RULES,
} from '@junkan/shared';

/** One invoice block of the register form (and the correction form), as the form holds it. */
export interface InvoiceBlockValues {
  billingDate?: string | null;
  dueDate?: string | null;
  amount?: number | null;
  files?: { name: string; size?: number; originFileObj?: File }[];
}

export interface BlockIssue {
  name: (string | number)[];
  code: string;
}

/** The files of a block that are real files (antd keeps them as UploadFile with the File inside). */
export const blockFiles = (block: InvoiceBlockValues): File[] =>
  (block.files ?? []).flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));

/** Whether one more file may join a block's files: the shared upload rule of invoice files. */
export function invoiceFileIssue(
  file: { name: string; size: number },
  existing: readonly string[],
): string | null {
  return checkUpload({
    fileName: file.name,
    size: file.size,
    existingNames: existing,
    ...UPLOAD_RULES.INVOICE,
  });
}

/**
 * The register form's issues, mirrored from the shared rules the server applies: each block's dates, amount
 * (by the contract's payment method) and files. `prefix` is the form list's name.
 */
export function registrationIssues(
  blocks: readonly InvoiceBlockValues[],
  paymentMethod: InvoicePaymentMethod,
  prefix = 'invoices',
): BlockIssue[] {
  return blocks.flatMap((block, i) =>
    invoiceDraftIssues(
      {
        billingDate: block.billingDate ?? undefined,
        dueDate: block.dueDate ?? undefined,
        amount: block.amount ?? undefined,
      },
      paymentMethod,
      (block.files ?? []).length,
    ).map((issue) => ({ name: [prefix, i, issue.path], code: issue.code })),
  );
}

const draftOf = (block: InvoiceBlockValues): InvoiceDraftInput => ({
  billingDate: block.billingDate ?? '',
  dueDate: block.dueDate ?? '',
  amount: block.amount ?? 0,
});

/** The body of POST /trans/invoices: `data` first, then each block's files as `files.<n>`. */
export function registrationFormData(projectId: number, blocks: readonly InvoiceBlockValues[]): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify({ projectId, invoices: blocks.map(draftOf) }));
  blocks.forEach((block, i) => {
    for (const file of blockFiles(block)) form.append(`files.${i}`, file, file.name);
  });
  return form;
}

/** The body of POST /trans/invoices/{id}/corrections: the new values, the kept files' ids, the new files. */
export function correctionFormData(block: InvoiceBlockValues, keepFileIds: readonly number[]): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify({ ...draftOf(block), keepFileIds }));
  for (const file of blockFiles(block)) form.append('files', file, file.name);
  return form;
}

/** A server field (invoices.0.amount) as the form's name path (['invoices', 0, 'amount']). */
export function serverFieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
