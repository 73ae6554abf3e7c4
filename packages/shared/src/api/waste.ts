import { z } from 'zod';
import { decimalParam, idParam, MAX_ID, MAX_LENGTH, requiredString } from '../validation';
import {
  isValidConversionFactor,
  WASTE_CATEGORIES,
  WASTE_CODE_PATTERN,
  WASTE_MAX_LEVEL,
  WASTE_NAME_MAX_LENGTH,
  WASTE_PARENT_PATH_MAX_LENGTH,
} from '../waste-tree';
import { pageOf, pageQuerySchema, sortOrderSchema } from './common';

export const wasteCategorySchema = z.enum(WASTE_CATEGORIES);

export const wasteCodeSchema = z
  .string({ error: 'MSG_00_21' })
  .trim()
  .min(1, 'MSG_00_21')
  .regex(WASTE_CODE_PATTERN, 'waste_code_invalid');

/** A weight conversion factor as typed or sent (number or numeric text); blank means none. Parses to a number. */
export const conversionFactorSchema = z
  .union([z.number(), z.string()], { error: 'invalid_format' })
  .nullish()
  .refine((v) => v == null || v === '' || isValidConversionFactor(v), 'invalid_format')
  .transform((v) => (v == null || v === '' ? null : Number(v)));

/**
 * POST /waste and PUT /waste/{id}. `parentPath` lists the ancestor ids (`/1/12/`, empty for a major class)
 * and `level` must equal its depth; the server checks both against the parent. `category` counts for a
 * major class only (children take their parent's).
 */
export const wasteRequestSchema = z.object({
  name: requiredString(WASTE_NAME_MAX_LENGTH),
  wasteCode: wasteCodeSchema,
  parentPath: z
    .string({ error: 'invalid_format' })
    .trim()
    .max(WASTE_PARENT_PATH_MAX_LENGTH, 'max_length_exceeded')
    .default(''),
  level: z
    .number({ error: 'MSG_00_21' })
    .int('invalid_format')
    .min(1, 'invalid_format')
    .max(WASTE_MAX_LEVEL, 'waste_level_exceeded'),
  category: wasteCategorySchema.optional(),
  tPerM3: conversionFactorSchema,
  tPerPiece: conversionFactorSchema,
});
export type WasteRequest = z.infer<typeof wasteRequestSchema>;

export const wasteItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  wasteCode: z.string(),
  category: wasteCategorySchema,
  parentId: z.number().nullable(),
  parentPath: z.string(),
  level: z.number(),
  tPerM3: z.number().nullable(),
  tPerPiece: z.number().nullable(),
  hasChildren: z.boolean(),
});
export type WasteItem = z.infer<typeof wasteItemSchema>;
export const wasteListSchema = z.array(wasteItemSchema);

/** GET /waste: every classification (for selectors), in tree order, optionally of one category. */
export const wasteListQuerySchema = z.object({ category: wasteCategorySchema.optional() });

/** GET /waste/parent/{id}: the children of a node; id 0 asks for the major classes. */
export const wasteParentParamSchema = z.object({ id: decimalParam(0, MAX_ID) });

export const WASTE_SORT_FIELDS = ['wasteCode', 'name', 'level', 'category'] as const;
export type WasteSortField = (typeof WASTE_SORT_FIELDS)[number];

/** GET /waste/manage: the master list, searched by name (or code), paged and sorted. */
export const wasteManageQuerySchema = pageQuerySchema.extend({
  query: z.string().trim().max(MAX_LENGTH.wasteNameSearch, 'max_length_exceeded').optional(),
  category: wasteCategorySchema.optional(),
  sort: z.enum(WASTE_SORT_FIELDS).default('wasteCode'),
  order: sortOrderSchema,
});
/** What a client sends: every field optional (the server fills the defaults). */
export type WasteManageQuery = Partial<z.infer<typeof wasteManageQuerySchema>>;

/** A master-list row also names its ancestors (major, middle) so a search hit shows where it sits. */
export const wasteManageItemSchema = wasteItemSchema.extend({ ancestorNames: z.array(z.string()) });
export type WasteManageItem = z.infer<typeof wasteManageItemSchema>;
export const wasteManagePageSchema = pageOf(wasteManageItemSchema);
export type WasteManagePage = z.infer<typeof wasteManagePageSchema>;

/** GET /waste/check-waste-code/{code}: whether another classification holds the code (`excludeId`: the one being edited). */
export const wasteCodeParamSchema = z.object({ code: z.string().max(32) });
export const wasteCodeCheckQuerySchema = z.object({
  excludeId: idParam().optional(),
});
export const wasteCodeCheckResponseSchema = z.object({ exists: z.boolean() });
export type WasteCodeCheckResponse = z.infer<typeof wasteCodeCheckResponseSchema>;
