// Revision payload, hash, name, object and application (docs/spec/cloneset.md §4.1, §4.2, §4.4).
import { describe, expect, it } from '@jest/globals';
import type { CloneSet } from '@coxswain/kruise-api';
import { applyRevision, equalRevisionData, hashRevision, newRevision, revisionName, revisionPayload, revisionTemplate } from '../../src/revision/cloneset-revision.js';
import { fnv1_32, safeEncodeString } from '../../src/revision/fnv.js';
import { volumeClaimTemplatesHash } from '../../src/revision/volume-claim-templates-hash.js';
import { cloneSet } from './fixtures.js';

describe('revisionPayload', () => {
  it('is {"spec":{"template":{"$patch":"replace",...}}} with "$patch" first and sorted keys', () => {
    const payload = revisionPayload(cloneSet());
    expect(payload).toBe(
      '{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"app":"web","tier":"front"}},' +
        '"spec":{"containers":[{"image":"nginx:1.25","name":"main","ports":[{"containerPort":80,"protocol":"TCP"}]}]}}}}',
    );
  });

  it('versions the template only: replicas, strategy, volumeClaimTemplates and annotations do not count', () => {
    const a = cloneSet();
    const b = cloneSet();
    b.spec.replicas = 9;
    b.spec.updateStrategy = { type: 'OnDelete' };
    b.spec.volumeClaimTemplates = [];
    b.metadata.annotations = { other: 'x' };
    expect(revisionPayload(b)).toBe(revisionPayload(a));
    expect(Object.keys(JSON.parse(revisionPayload(a)).spec)).toEqual(['template']);
  });
});

describe('hashRevision and revisionName', () => {
  it('feeds the payload and then the decimal collisionCount, even "0"', () => {
    const payload = revisionPayload(cloneSet());
    expect(hashRevision(payload, 0)).toBe(safeEncodeString(String(fnv1_32(payload + '0'))));
    expect(hashRevision(payload, 0)).not.toBe(safeEncodeString(String(fnv1_32(payload))));
    expect(hashRevision(payload, 12)).toBe(safeEncodeString(String(fnv1_32(payload + '12'))));
  });

  it('changes with collisionCount', () => {
    const payload = revisionPayload(cloneSet());
    expect(hashRevision(payload, 1)).not.toBe(hashRevision(payload, 0));
    expect(hashRevision(payload, 2)).not.toBe(hashRevision(payload, 1));
  });

  it('uses only the safe alphabet', () => {
    expect(hashRevision(revisionPayload(cloneSet()), 0)).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
  });

  it('does not depend on the key order of the template', () => {
    const a = cloneSet();
    const b: CloneSet = {
      ...a,
      spec: {
        ...a.spec,
        template: {
          spec: { containers: [{ ports: [{ protocol: 'TCP', containerPort: 80 }], image: 'nginx:1.25', name: 'main' }] },
          metadata: { labels: { tier: 'front', app: 'web' } },
        },
      },
    };
    expect(JSON.stringify(b.spec.template)).not.toBe(JSON.stringify(a.spec.template));
    expect(newRevision(b, 1, 0).metadata.name).toBe(newRevision(a, 1, 0).metadata.name);
  });

  it('changes when the template changes', () => {
    expect(newRevision(cloneSet('nginx:1.26'), 1, 0).metadata.name).not.toBe(newRevision(cloneSet('nginx:1.25'), 1, 0).metadata.name);
  });

  it('names revisions <cloneset>-<hash>, truncating the CloneSet name to 223 characters', () => {
    expect(revisionName('web', 'abc')).toBe('web-abc');
    const long = 'a'.repeat(223) + 'b'.repeat(30);
    expect(revisionName(long, 'h5')).toBe(`${'a'.repeat(223)}-h5`);
    const revision = newRevision(cloneSet('nginx', { name: long }), 1, 0);
    const hash = revision.metadata.labels!['controller.kubernetes.io/hash']!;
    expect(revision.metadata.name).toBe(`${'a'.repeat(223)}-${hash}`);
    expect(revision.metadata.name!.length).toBe(224 + hash.length);
  });
});

describe('newRevision', () => {
  const cs = cloneSet();
  const revision = newRevision(cs, 4, 0);
  const hash = hashRevision(revisionPayload(cs), 0);

  it('builds the ControllerRevision object', () => {
    expect(revision).toEqual({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: {
        name: `web-${hash}`,
        namespace: 'demo',
        labels: { app: 'web', tier: 'front', 'controller.kubernetes.io/hash': hash },
        annotations: { team: 'payments', 'kruise.io/cloneset-volumeclaimtemplate-hash': volumeClaimTemplatesHash(cs) },
        ownerReferences: [
          { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'web', uid: 'cs-uid', controller: true, blockOwnerDeletion: true },
        ],
      },
      revision: 4,
      data: JSON.parse(revisionPayload(cs)),
    });
  });

  it('names by collisionCount but compares by data', () => {
    const other = newRevision(cs, 4, 3);
    expect(other.metadata.name).not.toBe(revision.metadata.name);
    expect(equalRevisionData(other, revision)).toBe(true);
    expect(equalRevisionData(newRevision(cloneSet('nginx:2'), 4, 0), revision)).toBe(false);
  });

  it('does not share objects with the CloneSet', () => {
    revision.metadata.labels!['app'] = 'changed';
    expect(cs.spec.template.metadata!.labels!['app']).toBe('web');
  });
});

describe('applyRevision', () => {
  it('takes the template from the revision and everything else from the live CloneSet', () => {
    const old = newRevision(cloneSet('nginx:1.25'), 1, 0);
    const live = cloneSet('nginx:1.26');
    live.spec.replicas = 7;
    live.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { partition: 5, maxSurge: 1 } };
    live.spec.volumeClaimTemplates = [{ metadata: { name: 'logs' }, spec: { accessModes: ['ReadWriteOnce'] } }];

    const applied = applyRevision(live, old);
    expect(applied.spec.template).toEqual(cloneSet('nginx:1.25').spec.template);
    expect(applied.spec.template).not.toHaveProperty('$patch');
    expect(applied.spec.replicas).toBe(7);
    expect(applied.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 5, maxSurge: 1 } });
    expect(applied.spec.volumeClaimTemplates).toEqual([{ metadata: { name: 'logs' }, spec: { accessModes: ['ReadWriteOnce'] } }]);
    expect(applied.metadata).toEqual(live.metadata);
    // The live object is not modified.
    expect(live.spec.template.spec.containers[0]!.image).toBe('nginx:1.26');
  });

  it('replaces the template rather than merging into it', () => {
    const old = newRevision(cloneSet('nginx:1.25'), 1, 0);
    const live = cloneSet('nginx:1.26');
    live.spec.template.spec.nodeSelector = { zone: 'a' };
    live.spec.template.metadata!.labels!['extra'] = 'yes';
    const applied = applyRevision(live, old);
    expect(applied.spec.template.spec.nodeSelector).toBeUndefined();
    expect(applied.spec.template.metadata!.labels).toEqual({ app: 'web', tier: 'front' });
  });

  it('rejects data that is not a CloneSet payload', () => {
    const bad = { ...newRevision(cloneSet(), 1, 0), data: { spec: {} } };
    expect(() => revisionTemplate(bad)).toThrow(/no spec.template/);
    expect(() => applyRevision(cloneSet(), bad)).toThrow(/no spec.template/);
  });
});

describe('volumeClaimTemplatesHash', () => {
  it('is "" without templates', () => {
    const cs = cloneSet();
    cs.spec.volumeClaimTemplates = [];
    expect(volumeClaimTemplatesHash(cs)).toBe('');
    delete cs.spec.volumeClaimTemplates;
    expect(volumeClaimTemplatesHash(cs)).toBe('');
  });

  it('is a decimal FNV-1a 32 hash of [{metadata:{name}, spec}] sorted by name', () => {
    const cs = cloneSet();
    cs.spec.volumeClaimTemplates = [
      { metadata: { name: 'z', labels: { ignored: 'yes' } }, spec: { accessModes: ['ReadWriteOnce'] } },
      { metadata: { name: 'a' }, spec: { storageClassName: 'fast' } },
    ];
    const hash = volumeClaimTemplatesHash(cs);
    expect(hash).toMatch(/^\d+$/);

    const reordered = cloneSet();
    reordered.spec.volumeClaimTemplates = [
      { metadata: { name: 'a' }, spec: { storageClassName: 'fast' } },
      { metadata: { name: 'z' }, spec: { accessModes: ['ReadWriteOnce'] } },
    ];
    expect(volumeClaimTemplatesHash(reordered)).toBe(hash);

    reordered.spec.volumeClaimTemplates[0]!.spec.storageClassName = 'slow';
    expect(volumeClaimTemplatesHash(reordered)).not.toBe(hash);
  });
});
