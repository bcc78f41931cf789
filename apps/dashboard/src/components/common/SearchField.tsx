// The text filter of a list: the wide search field, by default "Search" named `text`, as a list page's
// filter is in the URL.
export function SearchField({
  placeholder,
  value,
  onChange,
  label = 'Search',
  name = 'text',
}: {
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  label?: string;
  name?: string;
}) {
  return (
    <label className="grow">
      {label}
      <input type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} name={name} />
    </label>
  );
}
