// The pod template's containers (name and image), read from the workload's stored YAML. A
// UnitedDeployment's pod template is one level down, in whichever subset workload template it has.
import { parse } from 'yaml';

interface PodTemplateHolder {
  template?: { spec?: { containers?: { name?: string; image?: string }[] } };
}

const UNITED_TEMPLATES = ['cloneSetTemplate', 'advancedStatefulSetTemplate', 'statefulSetTemplate', 'deploymentTemplate'] as const;

export function containersOf(manifest: string): { name: string; image: string }[] {
  try {
    const doc = parse(manifest) as {
      spec?: PodTemplateHolder & { template?: Partial<Record<(typeof UNITED_TEMPLATES)[number], { spec?: PodTemplateHolder }>> };
    } | null;
    const united = UNITED_TEMPLATES.map((k) => doc?.spec?.template?.[k]?.spec).find(Boolean);
    return ((united ?? doc?.spec)?.template?.spec?.containers ?? [])
      .filter((c) => typeof c?.name === 'string')
      .map((c) => ({ name: c.name!, image: c.image ?? '' }));
  } catch {
    return [];
  }
}
