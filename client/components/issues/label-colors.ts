// The colour a new label gets when the person does not choose one: the palette's colour that the
// project's labels use least (the first such in palette order), so a project's first labels are all
// different and never all the same blue.

/** Distinct label colours, in the order new labels take them. */
export const LABEL_PALETTE = ['#3f76ff', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2', '#dc2626', '#65a30d', '#ea580c', '#475569'] as const;

/** The colour for the next label of a project whose labels have `existing` colours. */
export function nextLabelColor(existing: ReadonlyArray<string | null | undefined>): string {
  const uses = new Map<string, number>(LABEL_PALETTE.map((color) => [color, 0]));
  for (const color of existing) {
    const key = (color ?? '').toLowerCase();
    if (uses.has(key)) uses.set(key, uses.get(key)! + 1);
  }
  const fewest = Math.min(...uses.values());
  return LABEL_PALETTE.find((color) => uses.get(color) === fewest)!;
}
