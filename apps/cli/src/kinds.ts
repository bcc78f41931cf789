// The workload kinds the API runs controllers for, under the names kubectl takes for them (plural,
// singular, short name, resource.group) and the enum the API's GraphQL uses.
import { UsageError } from './api/errors.js';
import type { WorkloadKind } from './api/generated.js';

export interface KindInfo {
  kind: WorkloadKind;
  /** The Kubernetes kind. */
  clusterKind: string;
  /** kubectl's resource.group, as `kubectl get` prints a name: cloneset.apps.kruise.io/web. */
  resource: string;
  singular: string;
  plural: string;
  shortName: string;
  apiGroup: string;
}

export const KINDS: readonly KindInfo[] = [
  { kind: 'CLONE_SET', clusterKind: 'CloneSet', resource: 'cloneset.apps.kruise.io', singular: 'cloneset', plural: 'clonesets', shortName: 'clone', apiGroup: 'apps.kruise.io' },
  { kind: 'STATEFUL_SET', clusterKind: 'StatefulSet', resource: 'statefulset.apps.kruise.io', singular: 'statefulset', plural: 'statefulsets', shortName: 'asts', apiGroup: 'apps.kruise.io' },
  { kind: 'UNITED_DEPLOYMENT', clusterKind: 'UnitedDeployment', resource: 'uniteddeployment.apps.kruise.io', singular: 'uniteddeployment', plural: 'uniteddeployments', shortName: 'ud', apiGroup: 'apps.kruise.io' },
];

/** Every word that names a kind: "clonesets", "cloneset", "clone", "clonesets.apps.kruise.io", "CloneSet", "CLONE_SET". */
export function kindNames(k: KindInfo): string[] {
  return [k.plural, k.singular, k.shortName, `${k.plural}.${k.apiGroup}`, `${k.singular}.${k.apiGroup}`, k.clusterKind.toLowerCase(), k.kind.toLowerCase()];
}

export const KIND_WORDS = `${KINDS.map((k) => `${k.plural} (${k.shortName})`).join(', ')}`;

export function parseKind(word: string): KindInfo {
  const w = word.trim().toLowerCase();
  const found = KINDS.find((k) => kindNames(k).includes(w));
  if (!found) {
    const hint = w === 'sts' || w === 'statefulsets.apps' || w === 'statefulset.apps'
      ? ' (the API runs Advanced StatefulSets: statefulsets or asts)'
      : '';
    throw new UsageError(`unknown workload kind "${word}"${hint}; use one of ${KIND_WORDS}`);
  }
  return found;
}

export function kindByEnum(kind: WorkloadKind): KindInfo {
  return KINDS.find((k) => k.kind === kind)!;
}

export interface Target {
  kind: KindInfo;
  name: string;
}

/**
 * A workload as kubectl names one: `KIND/NAME` in one argument, or `KIND NAME` in two. Returns the
 * target and the arguments after it.
 */
export function parseTarget(args: readonly string[], what = 'a workload'): { target: Target; rest: string[] } {
  const first = args[0];
  if (first === undefined) throw new UsageError(`name ${what} as KIND/NAME, e.g. cloneset/web`);
  const slash = first.indexOf('/');
  if (slash >= 0) {
    const name = first.slice(slash + 1);
    if (name === '') throw new UsageError(`"${first}" names no workload: write KIND/NAME, e.g. cloneset/web`);
    return { target: { kind: parseKind(first.slice(0, slash)), name }, rest: args.slice(1) };
  }
  const kind = parseKind(first);
  const name = args[1];
  if (name === undefined) throw new UsageError(`name the ${kind.singular}: ${kind.singular}/NAME or ${kind.singular} NAME`);
  return { target: { kind, name }, rest: args.slice(2) };
}

/** How kubectl names an object in messages: cloneset.apps.kruise.io/web. */
export function refOf(target: Target): string {
  return `${target.kind.resource}/${target.name}`;
}
