import { fillMessage, messages } from '../../../../contract/messages.js';
import { parseActionId } from '../../../lib/action-id.js';

const r = messages.receipts;

export interface ProjectOption {
  id: number;
  label: string;
}

/**
 * The choices of a project filter after 'Все проекты' (SPEC §2): the actions by name
 * ('Проект #{id}' when unnamed), deleted ones marked '(удалена)' — their receipts stay in
 * the history — then actions known only from receipts, and the chosen project, so the
 * select can always show what is selected.
 */
export function projectFilterOptions({
  actions,
  receipts = [],
  selectedId = null,
}: {
  actions: readonly { id: number; name: string; is_deleted?: boolean }[];
  receipts?: readonly { project_id: number | null; project_name: string }[];
  selectedId?: number | null;
}): ProjectOption[] {
  const options = new Map<number, string>();
  for (const action of actions) {
    const label = projectLabel(action.id, action.name);
    options.set(action.id, action.is_deleted ? fillMessage(r.deletedProjectLabel, { name: label }) : label);
  }
  for (const receipt of receipts) {
    if (receipt.project_id !== null && !options.has(receipt.project_id)) {
      options.set(receipt.project_id, projectLabel(receipt.project_id, receipt.project_name));
    }
  }
  if (selectedId !== null && !options.has(selectedId)) options.set(selectedId, projectLabel(selectedId, ''));
  return [...options].map(([id, label]) => ({ id, label }));
}

/** The server names a receipt without a project name 'Неизвестный проект'; an id says more. */
function projectLabel(id: number, name: string): string {
  const trimmed = name.trim();
  return trimmed && trimmed !== r.unknownProject ? trimmed : fillMessage(r.projectFallbackName, { id });
}

/** The filter's value in the address (`?project=12`); anything else means every project. */
export function parseProjectFilter(raw: string | null): number | null {
  return parseActionId(raw ?? undefined);
}
