import type { Permit } from '@junkan/shared/api/permits';
import type { WasteItem } from '@junkan/shared/api/waste';
import type { MessageCode } from '@junkan/shared/messages';

/**
 * The waste kinds a permit may be given: the industrial master's major classes (`wastes`, loaded by category).
 * A permit kept from before that rule may still name another kind: it stays a choice under its own name, so that
 * the form shows what it is (never its bare id) and the user can take it away; the form and the server refuse it.
 */
export function wasteKindOptions(
  wastes: readonly Pick<WasteItem, 'id' | 'name' | 'level'>[] | undefined,
  editing: Pick<Permit, 'wasteKinds'> | null,
): { value: number; label: string }[] {
  const options = (wastes ?? []).filter((w) => w.level === 1).map((w) => ({ value: w.id, label: w.name }));
  const offered = new Set(options.map((o) => o.value));
  const kept = (editing?.wasteKinds ?? []).filter((w) => !offered.has(w.id));
  return [...options, ...kept.map((w) => ({ value: w.id, label: w.name }))];
}

/** The chosen kinds that are no industrial major class: refused (`waste_kind_not_industrial`) once the master is here. */
export function wasteKindIssue(
  chosen: readonly number[],
  wastes: readonly Pick<WasteItem, 'id' | 'level'>[] | undefined,
): MessageCode | null {
  if (!wastes) return null;
  const industrial = new Set(wastes.filter((w) => w.level === 1).map((w) => w.id));
  return chosen.some((id) => !industrial.has(id)) ? 'waste_kind_not_industrial' : null;
}
