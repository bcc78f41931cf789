// The volumes of a pod with volumeClaimTemplates (Kruise's and Kubernetes' updateStorage): one
// persistentVolumeClaim volume per template, named after it, first; then the pod's other volumes, those
// of the same name replaced. Kind-neutral: CloneSet and StatefulSet name the claims differently.
import type { Volume } from '@coxswain/kruise-api';

export function withClaimVolumes<T extends { metadata: { name?: string } }>(templates: readonly T[], claimName: (template: T) => string, volumes: readonly Volume[] = []): Volume[] {
  const claimVolumes: Volume[] = templates.map((t) => ({ name: t.metadata.name!, persistentVolumeClaim: { claimName: claimName(t), readOnly: false } }));
  const names = new Set(claimVolumes.map((v) => v.name));
  return [...claimVolumes, ...volumes.filter((v) => !names.has(v.name))];
}
