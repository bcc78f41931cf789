// Kubernetes mode refuses to start, with the reason, on a cluster it could not run on: unreachable, without
// a Kruise CRD the controllers need (every missing kind named), or refusing a list the controllers need.
// The kinds checked are those the controllers of the configured mode watch, plus the workload kinds the
// API shows: the Kubernetes-mode worker runs here through the adapter against the Kubernetes API over an
// embedded cluster, behind RBAC and the versions a CRDs file serves.
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { EmbeddedStore, RealClock, kruiseAdmission } from '@coxswain/cluster';
import { KubeFacade } from './support/kube-facade.js';
import { startKubernetesWorker, type InProcessWorker } from './support/kubernetes-worker.js';
import { freePort } from '../../../scripts/free-port.mjs';
import { clusterGate, ServedVersions, ServiceAccountRbac, type PolicyRule } from './support/rbac.js';

const DOCKER = join(import.meta.dirname, '..', '..', '..', 'docker', 'kubernetes');
const ACCOUNT = { namespace: 'coxswain', name: 'coxswain' };
const clock = new RealClock();
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** A copy of a docker/kubernetes file with its documents changed. */
function edited(file: string, change: (doc: any) => any): string {
  const docs = parseAllDocuments(readFileSync(join(DOCKER, file), 'utf8')).map((d) => d.toJS()).filter(Boolean);
  const out = join(mkdtempSync(join(tmpdir(), 'coxswain-start-')), file);
  writeFileSync(out, docs.map(change).filter(Boolean).map((d) => stringify(d)).join('---\n'));
  return out;
}

async function start(options: { crds?: string; manifests?: string; env?: Record<string, string> } = {}): Promise<InProcessWorker> {
  const store = await EmbeddedStore.open({ clock, admission: kruiseAdmission() });
  const rbac = ServiceAccountRbac.fromManifests(options.manifests ?? join(DOCKER, 'coxswain.yaml'), ACCOUNT);
  const gate = clusterGate(rbac, ServedVersions.fromCrds(options.crds ?? join(DOCKER, 'kruise-crds.yaml')));
  const facade = await KubeFacade.start(store.localClient(), clock, { intercept: gate.intercept });
  cleanup.push(() => store.close(), () => facade.close());
  return worker({ KUBECONFIG: facade.kubeconfigFile(), ...options.env });
}

async function worker(env: Record<string, string>): Promise<InProcessWorker> {
  const w = await startKubernetesWorker({ POD_NAME: 'start-test', LEADER_ELECTION_NAMESPACE: 'coxswain', ...env });
  cleanup.push(() => w.stop());
  return w;
}

const failure = (w: InProcessWorker) => (w.started.kind === 'failed' ? w.started.message : `started`);

describe('Kubernetes mode at start', () => {
  it('starts on a cluster with the CRDs of docker/kubernetes/kruise-crds.yaml and the RBAC of coxswain.yaml', async () => {
    const w = await start();
    expect(failure(w)).toBe('started');
  });

  it('fails naming every Kruise kind the cluster does not serve, and only those', async () => {
    const onlyCloneSets = edited('kruise-crds.yaml', (crd) => (crd.spec.names.kind === 'CloneSet' ? crd : undefined));
    const message = failure(await start({ crds: onlyCloneSets }));
    expect(message).toMatch(/^CLUSTER=kubernetes: the controllers cannot list 5 of the \d+ kinds they need \(a missing Kruise CRD: apply docker\/kubernetes\/kruise-crds.yaml or install OpenKruise and OpenKruise Rollouts/);
    expect(message).toContain('StatefulSet (apps.kruise.io/v1beta1): the cluster does not serve StatefulSet in apps.kruise.io/v1beta1 or a version Coxswain can convert from; are the CRDs installed?');
    expect(message).toContain('UnitedDeployment (apps.kruise.io/v1beta1): the cluster does not serve UnitedDeployment');
    // The NodeImage controller (gate KruiseDaemon, on by default) watches NodeImages and ImagePullJobs.
    expect(message).toContain('NodeImage (apps.kruise.io/v1beta1): the cluster does not serve NodeImage');
    expect(message).toContain('ImagePullJob (apps.kruise.io/v1beta1): the cluster does not serve ImagePullJob');
    // So does the ContainerRecreateRequest controller (gate KruiseDaemon) its requests.
    expect(message).toContain('ContainerRecreateRequest (apps.kruise.io/v1alpha1): the cluster does not serve ContainerRecreateRequest');
    expect(message).not.toContain('CloneSet (');
  });

  it('fails naming the lists RBAC refuses, for the kinds the controllers of the mode watch', async () => {
    // A ClusterRole without the apps/v1 workloads (written before the UnitedDeployment controller existed).
    const withoutAppsWorkloads = edited('coxswain.yaml', (doc) =>
      doc.kind === 'ClusterRole'
        ? { ...doc, rules: doc.rules.filter((r: PolicyRule) => !(r.apiGroups.includes('apps') && r.resources.some((x) => /^(deployments|replicasets|statefulsets)/.test(x)))) }
        : doc);
    const message = failure(await start({ manifests: withoutAppsWorkloads }));
    for (const kind of ['StatefulSet (apps/v1)', 'Deployment (apps/v1)', 'ReplicaSet (apps/v1)']) expect(message).toContain(kind);
    expect(message).toContain('deployments.apps is forbidden: User "system:serviceaccount:coxswain:coxswain" cannot list resource "deployments" in API group "apps" at the cluster scope');
    expect(message).toMatch(/cannot list 3 of the \d+ kinds/);

    // With the controllers off only the API's kinds are needed: the same cluster will do.
    expect(failure(await start({ manifests: withoutAppsWorkloads, env: { CONTROLLER_MODE: 'off' } }))).toBe('started');
  });

  it('fails with one reason when the cluster cannot be reached', async () => {
    const port = await freePort();
    const file = join(mkdtempSync(join(tmpdir(), 'coxswain-start-')), 'config');
    writeFileSync(file, [
      'apiVersion: v1', 'kind: Config',
      `clusters: [{name: gone, cluster: {server: "https://127.0.0.1:${port}", insecure-skip-tls-verify: true}}]`,
      'users: [{name: u, user: {token: t}}]', 'contexts: [{name: gone, context: {cluster: gone, user: u}}]', 'current-context: gone', '',
    ].join('\n'));
    const message = failure(await worker({ KUBECONFIG: file }));
    expect(message).toMatch(/^CLUSTER=kubernetes: /);
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).not.toContain('kinds they need');
  });
});
