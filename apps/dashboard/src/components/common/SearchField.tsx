// The text filter of a list page: the wide "Search" field, named `text` as the filter is in the URL.
export function SearchField({ placeholder, value, onChange }: { placeholder: string; value: string; onChange: (text: string) => void }) {
  return (
    <label className="grow">
      Search
      <input type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} name="text" />
    </label>
  );
}
