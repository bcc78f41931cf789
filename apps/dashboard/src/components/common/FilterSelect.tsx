// One filter of a list page: a labelled select whose first choice, "all", is the empty value.
export interface FilterChoice<V extends string> {
  value: V;
  label: string;
}

export function FilterSelect<V extends string>({
  label,
  name,
  value,
  choices,
  onChange,
}: {
  label: string;
  name: string;
  value: V | '';
  /** The values, each shown as itself, or with a label of its own. */
  choices: readonly (V | FilterChoice<V>)[];
  onChange: (value: V | '') => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as V | '')} name={name}>
        <option value="">all</option>
        {choices.map((c) => {
          const choice = typeof c === 'string' ? { value: c, label: c } : c;
          return (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          );
        })}
      </select>
    </label>
  );
}
