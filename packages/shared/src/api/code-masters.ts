import { z } from 'zod';
import { requiredString } from '../validation';

/**
 * The small code masters: units of measure, packing styles, disposal methods. The server numbers each
 * new row with the code after the last one (`nextSequentialCode(lastCode, CODE_MASTER_CODE_WIDTH)`).
 */
export const CODE_MASTER_CODE_WIDTH = 3;
export const CODE_MASTER_NAME_MAX_LENGTH = { unit: 16, style: 32, method: 32 } as const;

/** GET .../last-code: the highest code so far (null when the master is empty). */
export const lastCodeResponseSchema = z.object({ lastCode: z.string().nullable() });
export type LastCodeResponse = z.infer<typeof lastCodeResponseSchema>;

/** Units of measure. A count unit (個, 台) forces the valuables collected to 0 in transport reports. */
export const unitMeasureSchema = z.object({
  id: z.number(),
  code: z.string(),
  unit: z.string(),
  isCount: z.boolean(),
});
export type UnitMeasure = z.infer<typeof unitMeasureSchema>;
export const unitMeasureListSchema = z.array(unitMeasureSchema);
/** POST /unit-measure, PUT /unit-measure/{id}: `isCount` defaults to false on create and is kept when absent on update. */
export const unitMeasureRequestSchema = z.object({
  unit: requiredString(CODE_MASTER_NAME_MAX_LENGTH.unit),
  isCount: z.boolean({ error: 'invalid_format' }).optional(),
});

/** Packing styles (荷姿). */
export const packingStyleSchema = z.object({ id: z.number(), code: z.string(), style: z.string() });
export type PackingStyle = z.infer<typeof packingStyleSchema>;
export const packingStyleListSchema = z.array(packingStyleSchema);
export const packingStyleRequestSchema = z.object({
  style: requiredString(CODE_MASTER_NAME_MAX_LENGTH.style),
});

/** Disposal methods (処分方法). */
export const disposalMethodSchema = z.object({ id: z.number(), code: z.string(), method: z.string() });
export type DisposalMethod = z.infer<typeof disposalMethodSchema>;
export const disposalMethodListSchema = z.array(disposalMethodSchema);
export const disposalMethodRequestSchema = z.object({
  method: requiredString(CODE_MASTER_NAME_MAX_LENGTH.method),
});
