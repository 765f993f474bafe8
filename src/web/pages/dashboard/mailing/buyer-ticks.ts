/** Whether the shown buyers are all ticked, some, or none (the select-all box's state). */
export function tickState(shownIds: readonly string[], ticked: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const tickedShown = shownIds.filter((id) => ticked.has(id)).length;
  if (tickedShown === 0) return 'none';
  return tickedShown === shownIds.length ? 'all' : 'some';
}

/** The ticks after (un)ticking some buyers; a new set, so React sees the change. */
export function withTicks(ticked: ReadonlySet<string>, buyerIds: readonly string[], checked: boolean): Set<string> {
  const next = new Set(ticked);
  for (const id of buyerIds) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}
