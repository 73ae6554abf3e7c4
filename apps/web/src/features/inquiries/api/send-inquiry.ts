import type { InquiryCreateInput, InquiryDetail } from '@junkan/shared/api/inquiries';
import type { InquirySide } from '@junkan/shared/inquiry-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipartWithProgress, type UploadProgress } from '../../../lib/multipart';
import { INQUIRIES_KEY, inquiryBase } from './keys';

export interface SendOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The multipart body: `data` first, so the server checks it before it reads the file. */
function inquiryForm(data: unknown, file: File | null) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (file) form.append('file', file, file.name);
  return form;
}

/** POST /inquiries or /trans/inquiries: opens an inquiry with its one optional file. */
export const createInquiry = (
  side: Exclude<InquirySide, 'ADMIN'>,
  input: InquiryCreateInput,
  file: File | null,
  options: SendOptions = {},
) => sendMultipartWithProgress<InquiryDetail>('POST', inquiryBase(side), inquiryForm(input, file), options);

/** POST .../inquiries/{id}/replies: a message with its one optional file. */
export const replyToInquiry = (
  side: InquirySide,
  id: number,
  content: string,
  file: File | null,
  options: SendOptions = {},
) =>
  sendMultipartWithProgress<InquiryDetail>(
    'POST',
    `${inquiryBase(side)}/${id}/replies`,
    inquiryForm({ content }, file),
    options,
  );

export function useCreateInquiry(side: Exclude<InquirySide, 'ADMIN'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { input: InquiryCreateInput; file: File | null; options?: SendOptions }) =>
      createInquiry(side, args.input, args.file, args.options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY }),
  });
}

export function useReplyToInquiry(side: InquirySide, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { content: string; file: File | null; options?: SendOptions }) =>
      replyToInquiry(side, id, args.content, args.file, args.options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY }),
  });
}
