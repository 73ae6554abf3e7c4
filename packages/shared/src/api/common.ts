import { z } from 'zod';
import { decimalParam, idParam } from '../validation';

export const okSchema = z.object({ result: z.boolean() });
export const idParamSchema = z.object({ id: idParam() });
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const pageQuerySchema = z.object({
  page: decimalParam(1, 1_000_000).default(1),
  size: decimalParam(1, 100).default(20),
});

/** A page of a list: the items, the total count and the page asked for. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });

export const sortOrderSchema = z.enum(['asc', 'desc']).default('asc');

/** A stored file as lists show it; the bytes come from the owner's download call. */
export const attachmentSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
