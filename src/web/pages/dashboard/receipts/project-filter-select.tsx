import { messages } from '../../../../contract/messages.js';
import { FilterSelect } from '../../../components/filter-select.js';
import type { ProjectOption } from './project-filter.js';

/** 'Все проекты' and each project; `null` is every project. */
export function ProjectFilterSelect({
  options,
  value,
  onChange,
}: {
  options: readonly ProjectOption[];
  value: number | null;
  onChange: (projectId: number | null) => void;
}) {
  return (
    <FilterSelect
      label={messages.receiptScreens.projectFilter}
      value={value === null ? '' : String(value)}
      options={[{ value: '', label: messages.receipts.allProjects }, ...options.map(({ id, label }) => ({ value: String(id), label }))]}
      onChange={(raw) => onChange(raw === '' ? null : Number(raw))}
    />
  );
}
