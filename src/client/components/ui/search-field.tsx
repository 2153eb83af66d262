import { Search } from 'lucide-react';
import { INPUT_CLASS } from './text-field.tsx';

/** A list's rounded search box with its magnifier (Shop, Offers): `className` places the box's wrapper. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  return (
    <div className={`relative ${className}`}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT_CLASS} rounded-full pl-10`}
      />
    </div>
  );
}
