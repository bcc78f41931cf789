// The pod template's containers (name and image), read from the workload's stored YAML.
import { parse } from 'yaml';

export function containersOf(manifest: string): { name: string; image: string }[] {
  try {
    const doc = parse(manifest) as { spec?: { template?: { spec?: { containers?: { name?: string; image?: string }[] } } } } | null;
    return (doc?.spec?.template?.spec?.containers ?? [])
      .filter((c) => typeof c?.name === 'string')
      .map((c) => ({ name: c.name!, image: c.image ?? '' }));
  } catch {
    return [];
  }
}
