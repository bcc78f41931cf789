'use client';
// The container an action applies to: a choice when the template has several, its name when it has one.
export function ContainerSelect({
  containers,
  chosen,
  onChange,
  name,
}: {
  containers: { name: string }[];
  chosen: string;
  onChange: (container: string) => void;
  /** The form field's name (tests and the browser find it by it). */
  name: string;
}) {
  if (containers.length <= 1) return <span className="mono">{chosen || '(no container known)'}</span>;
  return (
    <select value={chosen} onChange={(e) => onChange(e.target.value)} name={name}>
      {containers.map((c) => (
        <option key={c.name} value={c.name}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
