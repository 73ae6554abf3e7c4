import type { MessageCode } from './messages';

/** Waste classification levels: major (大分類), middle (中分類) and minor (小分類). */
export const WASTE_LEVEL = { MAJOR: 1, MIDDLE: 2, MINOR: 3 } as const;
export const WASTE_MAX_LEVEL = WASTE_LEVEL.MINOR;
export const WASTE_CATEGORIES = ['INDUSTRIAL', 'REGULAR'] as const;
export type WasteCategory = (typeof WASTE_CATEGORIES)[number];

/** Classification code: exactly 7 half-width letters or digits (section 5). */
export const WASTE_CODE_LENGTH = 7;
export const WASTE_CODE_PATTERN = /^[A-Za-z0-9]{7}$/;
export const WASTE_NAME_MAX_LENGTH = 64;
/** `parentPath` column width. */
export const WASTE_PARENT_PATH_MAX_LENGTH = 64;

/** Weight conversion factor (t per m3, t per piece): non-negative, up to 6 integer digits and 4 decimals. */
export const CONVERSION_FACTOR_PATTERN = /^\d{1,6}(\.\d{1,4})?$/;

export function isValidWasteCode(value: string): boolean {
  return WASTE_CODE_PATTERN.test(value);
}

export function isValidConversionFactor(value: number | string): boolean {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return CONVERSION_FACTOR_PATTERN.test(text);
}

/**
 * Ancestor ids of a parent path: `/1/12/` -> [1, 12]; `''` or `/` -> [] (a major class).
 * Null when the text is not such a path.
 */
export function parseParentPath(path: string): number[] | null {
  if (path === '' || path === '/') return [];
  if (!/^(\/[1-9]\d{0,9})+\/$/.test(path)) return null;
  return path.slice(1, -1).split('/').map(Number);
}

/**
 * The major classification (level 1) a waste classification belongs to: the first id of its parent path, or
 * its own id when it is a major class. Null when the path is not one.
 */
export function majorClassIdOf(node: { id: number; parentPath: string }): number | null {
  const ancestors = parseParentPath(node.parentPath);
  if (ancestors === null) return null;
  return ancestors[0] ?? node.id;
}

/** The parent path of a child of `node`: the node's own path plus its id. */
export function childParentPath(node: { id: number; parentPath: string }): string {
  return `${node.parentPath || '/'}${node.id}/`;
}

export interface WasteParent {
  id: number;
  parentPath: string;
  level: number;
  category: WasteCategory;
}

export type WastePlacement =
  | { ok: true; parentId: number | null; parentPath: string; level: number; category: WasteCategory | null }
  | { ok: false; field: 'parentPath' | 'level'; code: MessageCode };

/**
 * Checks where a new classification goes. `parentPath` names the ancestors; `parent` is the node its last
 * id names (null when it does not exist, or for a major class). The parent must exist with exactly that
 * path, the level must equal the depth, and nothing goes below a minor class. The child takes the
 * parent's category (null for a major class: the caller's choice stands).
 */
export function placeWaste(
  input: { parentPath: string; level: number },
  parent: WasteParent | null,
): WastePlacement {
  const ids = parseParentPath(input.parentPath);
  if (ids === null) return { ok: false, field: 'parentPath', code: 'invalid_format' };
  if (ids.length === 0) {
    if (input.level !== WASTE_LEVEL.MAJOR) return { ok: false, field: 'level', code: 'invalid_format' };
    return { ok: true, parentId: null, parentPath: '', level: WASTE_LEVEL.MAJOR, category: null };
  }
  if (!parent || parent.id !== ids.at(-1) || childParentPath(parent) !== input.parentPath)
    return { ok: false, field: 'parentPath', code: 'parent_not_found' };
  const level = parent.level + 1;
  if (level > WASTE_MAX_LEVEL) return { ok: false, field: 'parentPath', code: 'waste_level_exceeded' };
  if (input.level !== level) return { ok: false, field: 'level', code: 'invalid_format' };
  return { ok: true, parentId: parent.id, parentPath: input.parentPath, level, category: parent.category };
}
