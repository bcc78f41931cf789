// Every served kind is explainable: its group version's OpenAPI v3 document has a schema component
// carrying its group, version and kind, converted from the schema admission checks it against.
import { describe, expect, it } from '@jest/globals';
import { openApiDocument } from './openapi.js';
import { servedResources } from './served-resources.js';

describe('OpenAPI v3 documents', () => {
  it('have a component per served kind with its x-kubernetes-group-version-kind (the self reviews excepted)', () => {
    for (const r of servedResources().filter((s) => !s.review)) {
      const doc = JSON.parse(openApiDocument(r.groupVersion)!);
      const found = Object.values<Record<string, any>>(doc.components.schemas).filter((s) =>
        (s['x-kubernetes-group-version-kind'] ?? []).some((g: any) => g.group === r.group && g.version === r.version && g.kind === r.kind));
      expect({ kind: `${r.kind}.${r.groupVersion}`, found: found.length }).toEqual({ kind: `${r.kind}.${r.groupVersion}`, found: 1 });
    }
  });

  it('convert the field types as CRD schemas write them', () => {
    const doc = JSON.parse(openApiDocument('apps.kruise.io/v1alpha1')!);
    const strategy = doc.components.schemas['io.kruise.apps.v1alpha1.CloneSet'].properties.spec.properties.updateStrategy.properties;
    expect(strategy.paused).toEqual({ type: 'boolean' });
    expect(strategy.partition).toEqual({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(strategy.scatterStrategy.type).toBe('array');
    const pod = JSON.parse(openApiDocument('v1')!).components.schemas['io.k8s.api.core.v1.Pod'];
    expect(pod.properties.spec.properties.containers.items.properties.resources.properties.limits.additionalProperties)
      .toEqual({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] });
    expect(pod.properties.metadata.properties.generation).toEqual({ type: 'integer', format: 'int64' });
  });

  it('list every field of a Kubernetes type, those Coxswain does not model too, and only those', () => {
    const core = JSON.parse(openApiDocument('v1')!).components.schemas;
    const spec = core['io.k8s.api.core.v1.Pod'].properties.spec.properties;
    expect(spec.hostIPC).toEqual({ type: 'boolean' });
    expect(spec.containers.items.properties.stdinOnce).toEqual({ type: 'boolean' });
    expect(spec.volumes.items.properties.nfs.properties.server).toEqual({ type: 'string' });
    expect(core['io.k8s.api.core.v1.Pod'].properties.metadata.properties).toHaveProperty('managedFields');
    expect(core['io.k8s.api.core.v1.Secret'].properties).not.toHaveProperty('spec');
    const kruise = JSON.parse(openApiDocument('apps.kruise.io/v1alpha1')!).components.schemas['io.kruise.apps.v1alpha1.CloneSet'];
    expect(kruise.properties.spec.properties.template.properties.spec.properties.shareProcessNamespace).toEqual({ type: 'boolean' });
    // A recursive type (a CRD's JSONSchemaProps) is cut where it repeats itself.
    const crd = JSON.parse(openApiDocument('apiextensions.k8s.io/v1')!).components.schemas['io.k8s.api.apiextensions.v1.CustomResourceDefinition'];
    const openAPIV3Schema = crd.properties.spec.properties.versions.items.properties.schema.properties.openAPIV3Schema;
    expect(openAPIV3Schema.properties.properties.additionalProperties).toEqual({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true });
  });
});
