import {
  CODE_MASTER_NAME_MAX_LENGTH,
  disposalMethodRequestSchema,
  packingStyleRequestSchema,
  unitMeasureRequestSchema,
} from '@junkan/shared/api/code-masters';
import type { z } from 'zod';
import { disposalMethodsQueryOptions } from '../../lib/reference-data/disposal-methods';
import { packingStylesQueryOptions } from '../../lib/reference-data/packing-styles';
import { unitMeasuresQueryOptions } from '../../lib/reference-data/unit-measures';

/**
 * The three small code masters share one screen; a kind says where its calls live and what its typed
 * name is called on the wire (`unit`, `style`, `method`). Rows are mapped to `name` at the API edge.
 */
export interface CodeMasterKind {
  key: 'unitMeasure' | 'packingStyle' | 'disposalMethod';
  /** Label key of the page (menu.<key>). */
  menuKey: string;
  path: string;
  nameField: 'unit' | 'style' | 'method';
  maxLength: number;
  nameSchema: z.ZodType;
  /** Units carry the count-unit flag (個, 台: valuables are forced to 0). */
  hasCountFlag: boolean;
  /**
   * The owner of the master's GET (lib/reference-data): this screen reads the same query the other screens
   * read, so a write here refreshes the selectors elsewhere too.
   */
  listQueryOptions: () => { queryKey: readonly unknown[]; queryFn?: unknown };
}

export const UNIT_MEASURE_KIND: CodeMasterKind = {
  key: 'unitMeasure',
  listQueryOptions: unitMeasuresQueryOptions,
  menuKey: 'unitOfMeasureMaster',
  path: '/unit-measure',
  nameField: 'unit',
  maxLength: CODE_MASTER_NAME_MAX_LENGTH.unit,
  nameSchema: unitMeasureRequestSchema.shape.unit,
  hasCountFlag: true,
};

export const PACKING_STYLE_KIND: CodeMasterKind = {
  key: 'packingStyle',
  listQueryOptions: packingStylesQueryOptions,
  menuKey: 'packagingMaster',
  path: '/packing-master',
  nameField: 'style',
  maxLength: CODE_MASTER_NAME_MAX_LENGTH.style,
  nameSchema: packingStyleRequestSchema.shape.style,
  hasCountFlag: false,
};

export const DISPOSAL_METHOD_KIND: CodeMasterKind = {
  key: 'disposalMethod',
  listQueryOptions: disposalMethodsQueryOptions,
  menuKey: 'disposalMethodMaster',
  path: '/disposal-method',
  nameField: 'method',
  maxLength: CODE_MASTER_NAME_MAX_LENGTH.method,
  nameSchema: disposalMethodRequestSchema.shape.method,
  hasCountFlag: false,
};

/** A row of any of the three masters, its name field mapped to `name`. */
export interface CodeMasterRow {
  id: number;
  code: string;
  name: string;
  isCount?: boolean;
}

/** What the register/edit form holds. */
export interface CodeMasterValues {
  name: string;
  isCount?: boolean;
}

/** The list's key; the last-code query sits under it, so one invalidation refreshes both. */
export const codeMasterQueryKey = (kind: CodeMasterKind) => kind.listQueryOptions().queryKey;

/** Wire row -> CodeMasterRow. */
export function toCodeMasterRow(kind: CodeMasterKind, row: Record<string, unknown>): CodeMasterRow {
  return {
    id: row.id as number,
    code: row.code as string,
    name: row[kind.nameField] as string,
    ...(kind.hasCountFlag ? { isCount: row.isCount === true } : {}),
  };
}

/** CodeMasterValues -> the request body of POST and PUT. */
export function toCodeMasterBody(kind: CodeMasterKind, values: CodeMasterValues): Record<string, unknown> {
  return {
    [kind.nameField]: values.name.trim(),
    ...(kind.hasCountFlag ? { isCount: values.isCount === true } : {}),
  };
}
