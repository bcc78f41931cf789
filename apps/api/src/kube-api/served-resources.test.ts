// What kubectl resolves a Kruise short name to depends only on which versions serve the resource and on
// the group's version order; both must be a cluster with OpenKruise v1.9's CRDs (docker/kubernetes/kruise-crds.yaml).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { compareVersionPriority, servedGroups, servedResources } from './served-resources.js';

const CRDS = join(import.meta.dirname, '..', '..', '..', '..', 'docker', 'kubernetes', 'kruise-crds.yaml');

/** The first served version of a group (in the group's priority order) that serves `resource`: kubectl's choice. */
function resolvedVersion(group: string, resource: string): string | undefined {
  const versions = servedGroups().find((g) => g.name === group)?.versions ?? [];
  return versions.find((v) => servedResources().some((r) => r.group === group && r.version === v && r.resource === resource));
}

describe('served resources', () => {
  it('serve each Kruise kind in exactly the versions of docker/kubernetes/kruise-crds.yaml', () => {
    const crds = parseAllDocuments(readFileSync(CRDS, 'utf8')).map((d) => d.toJS()).filter(Boolean);
    const versionsInFile = (group: string) => crds.filter((c) => c.spec.group === group)
      .map((c) => `${c.spec.names.plural} ${c.spec.versions.filter((v: { served: boolean }) => v.served).map((v: { name: string }) => v.name).sort().join(',')}`).sort();
    const servedIn = (group: string) => {
      const plurals = [...new Set(servedResources().filter((r) => r.group === group).map((r) => r.resource))];
      return plurals.map((p) => `${p} ${servedResources().filter((r) => r.group === group && r.resource === p).map((r) => r.version).sort().join(',')}`).sort();
    };
    const served = servedIn('apps.kruise.io');
    expect(served).toEqual(versionsInFile('apps.kruise.io'));
    // OpenKruise Rollouts' kinds (docs/spec/kruise-rollout.md §1.11).
    expect(servedIn('rollouts.kruise.io')).toEqual(versionsInFile('rollouts.kruise.io'));
    expect(servedIn('rollouts.kruise.io')).toEqual(['batchreleases v1alpha1,v1beta1', 'rollouts v1alpha1,v1beta1']);
    expect(served).toEqual([
      'clonesets v1alpha1', 'containerrecreaterequests v1alpha1', 'imagepulljobs v1alpha1,v1beta1', 'nodeimages v1alpha1,v1beta1',
      'statefulsets v1alpha1,v1beta1', 'uniteddeployments v1alpha1',
    ]);
  });

  it('resolve clone and ud to v1alpha1 and asts to v1beta1, as kubectl does against OpenKruise v1.9', () => {
    expect(servedGroups().find((g) => g.name === 'apps.kruise.io')!.versions).toEqual(['v1beta1', 'v1alpha1']);
    expect(resolvedVersion('apps.kruise.io', 'clonesets')).toBe('v1alpha1');
    expect(resolvedVersion('apps.kruise.io', 'uniteddeployments')).toBe('v1alpha1');
    expect(resolvedVersion('apps.kruise.io', 'statefulsets')).toBe('v1beta1');
    expect(resolvedVersion('apps.kruise.io', 'imagepulljobs')).toBe('v1beta1');
    expect(resolvedVersion('apps.kruise.io', 'nodeimages')).toBe('v1beta1');
    expect(resolvedVersion('apps.kruise.io', 'containerrecreaterequests')).toBe('v1alpha1');
    expect(resolvedVersion('apps', 'statefulsets')).toBe('v1');
    expect(resolvedVersion('rollouts.kruise.io', 'rollouts')).toBe('v1beta1');
  });

  it('order versions as the apiserver does: GA, then beta, then alpha, newer first, other names last', () => {
    const versions = ['v1alpha1', 'foo', 'v2beta1', 'v1', 'v1beta2', 'v11alpha2', 'v2', 'v1beta1', 'bar', 'v12alpha1'];
    expect([...versions].sort(compareVersionPriority)).toEqual(['v2', 'v1', 'v2beta1', 'v1beta2', 'v1beta1', 'v12alpha1', 'v11alpha2', 'v1alpha1', 'bar', 'foo']);
  });
});
