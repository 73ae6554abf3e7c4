import type { WasteItem } from '@junkan/shared/api/waste';

/** A price form's waste choices: grouped by category, each indented by its level in the tree, with its code. */
export function wasteOptions(wastes: readonly WasteItem[] | undefined, t: (key: string) => string) {
  const groups = new Map<string, { label: string; value: number }[]>();
  for (const w of wastes ?? []) {
    const list = groups.get(w.category) ?? [];
    list.push({ label: `${'　'.repeat(Math.max(0, w.level - 1))}${w.name}（${w.wasteCode}）`, value: w.id });
    groups.set(w.category, list);
  }
  return [...groups.entries()].map(([category, options]) => ({
    label: t(`handlingWastePrice.category.${category}`),
    title: category,
    options,
  }));
}
