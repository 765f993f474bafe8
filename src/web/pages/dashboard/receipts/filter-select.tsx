import { useId } from 'react';

/** A labelled native select: keyboard and screen readers work as everywhere else. */
export function FilterSelect({ label, value, options, onChange }: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="filter-select">
      <label className="filter-select__label" htmlFor={id}>
        {label}
      </label>
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
    </div>
  );
}
