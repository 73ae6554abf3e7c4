import { z } from 'zod';
import { decimalParam, idParam } from '../validation';
import { permitCoverageGapSchema } from './permit-coverage';

export const okSchema = z.object({ result: z.boolean() });
export const idParamSchema = z.object({ id: idParam() });
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  /** What a permit_cannot_be_confirmed refusal found missing. */
  gaps: z.array(permitCoverageGapSchema).optional(),
});
export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** The largest page any list answers: a screen shows 20, 50 or 100 rows at a time. */
export const MAX_PAGE_SIZE = 100;

/** `page` (1-based) and `size` (1 to MAX_PAGE_SIZE); a list picks its default size. */
export const pageQuery = (defaultSize = 20) =>
  z.object({
    page: decimalParam(1, 1_000_000).default(1),
    size: decimalParam(1, MAX_PAGE_SIZE).default(defaultSize),
  });
export const pageQuerySchema = pageQuery();
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: the items, the total count and the page asked for. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

export const sortOrderSchema = z.enum(['asc', 'desc']).default('asc');

/**
 * The list convention: every server-side list takes `page` (1-based) and `size` (pageQuerySchema), `sort` (one of
 * the list's own keys) and `order`, plus its own filters, and answers `pageOf(item)` with the total.
 */
export const sortQuerySchema = <K extends string>(
  keys: readonly [K, ...K[]],
  defaultKey: K,
  defaultOrder: 'asc' | 'desc' = 'asc',
) =>
  z.object({ sort: z.enum(keys).default(defaultKey), order: z.enum(['asc', 'desc']).default(defaultOrder) });
export type SortOrder = 'asc' | 'desc';

/** A stored file as lists show it; the bytes come from the owner's download call. */
export const attachmentSchema = z.object({
  id: z.number(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
