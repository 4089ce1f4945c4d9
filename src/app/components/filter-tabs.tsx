/** A row of pill tabs that filter a list (the report types, the appointment statuses). */
export function FilterTabs<Value extends string>({
  label,
  values,
  selected,
  onSelect,
  labelOf,
}: {
  label: string;
  values: readonly Value[];
  selected: Value;
  onSelect: (value: Value) => void;
  labelOf: (value: Value) => string;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-2">
      {values.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={selected === value}
          onClick={() => onSelect(value)}
          className={`rounded-full px-4 py-1.5 text-sm ${selected === value ? 'bg-brand text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
        >
          {labelOf(value)}
        </button>
      ))}
    </div>
  );
}
