// The simple JSONPath of CRD printer columns (`.spec.replicas`, `.spec.template.spec.containers[*].name`,
// `.status.conditions[0].type`, `.metadata.labels.crr\.apps\.kruise\.io/node-name` with its dots
// escaped): the values it selects, in document order.

type Step = { field: string } | { index: number } | { all: true };

function parse(path: string): Step[] {
  const steps: Step[] = [];
  const re = /\.((?:[^.[\]\\]|\\.)+)|\[(\*|\d+)\]/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(path)) !== null) {
    if (m.index !== consumed) throw new Error(`unsupported JSONPath ${path}`);
    consumed = re.lastIndex;
    if (m[1] !== undefined) steps.push({ field: m[1].replace(/\\(.)/g, '$1') });
    else if (m[2] === '*') steps.push({ all: true });
    else steps.push({ index: Number(m[2]) });
  }
  if (consumed !== path.length) throw new Error(`unsupported JSONPath ${path}`);
  return steps;
}

export function selectAll(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const step of parse(path)) {
    const next: unknown[] = [];
    for (const v of current) {
      if ('field' in step) {
        if (v !== null && typeof v === 'object' && !Array.isArray(v) && step.field in v) next.push((v as Record<string, unknown>)[step.field]);
      } else if (Array.isArray(v)) {
        if ('all' in step) next.push(...v);
        else if (step.index < v.length) next.push(v[step.index]);
      }
    }
    current = next;
  }
  return current.filter((v) => v !== undefined);
}
