import { useId, type ReactNode } from 'react';
import './filter-select.css';

/** A filter's label above its control (a select, a date). */
export function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="filter-select">
      <label className="filter-select__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled native select: keyboard and screen readers work as everywhere else. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select
          id={id}
          className="filter-select__input"
          value={value}
          title={options.find((option) => option.value === value)?.label}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}
