import { describe, expect, it } from '@jest/globals';
import { ConfigError, ENVIRONMENT, loadConfig } from '../src/config/config.js';

describe('configuration', () => {
  it('defaults to embedded PGlite under the working directory, real clock, active controllers', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe('/srv/app/.data/pglite');
    expect(config.clock).toEqual({ mode: 'real', scale: 20 });
    expect(config.controllers).toMatchObject({ mode: 'active', workers: 2, scalingExcludePreparingDelete: false });
    expect(config.controllers.featureGates.toString()).toBe('');
    expect(config.cluster.nodes).toEqual({ zones: 3, nodesPerZone: 3, podCapacity: 110 });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080', DATABASE_URL: 'postgresql://u@h/db', PGLITE_DIR: 'memory', CLOCK_MODE: 'scaled', CLOCK_SCALE: '5',
      CONTROLLER_MODE: 'observe', SIM_ZONES: '2', SIM_FAIL_IMAGE_PATTERN: ':broken$', SIM_FROZEN: 'true',
    }, '/x');
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgresql://u@h/db');
    expect(config.pgliteDir).toBe('memory');
    expect(config.clock).toEqual({ mode: 'scaled', scale: 5 });
    expect(config.controllers.mode).toBe('observe');
    expect(config.cluster.nodes.zones).toBe(2);
    expect(config.cluster.kubelet.failImagePattern?.test('nginx:broken')).toBe(true);
    expect(config.cluster.kubelet.frozen).toBe(true);
  });

  it.each([
    ['PORT', 'abc', 'PORT="abc": expected an integer from 0 to 65535'],
    ['PORT', '70000', 'PORT="70000": expected an integer from 0 to 65535'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL: expected a postgresql:// or postgres:// URL'],
    ['CLOCK_MODE', 'fast', 'CLOCK_MODE="fast": expected one of real, scaled'],
    ['CLOCK_SCALE', '0', 'CLOCK_SCALE="0": expected a number above 0 and at most 1000'],
    ['CONTROLLER_MODE', 'shadow', 'CONTROLLER_MODE="shadow": expected one of active, observe'],
    ['SIM_FAIL_IMAGE_PATTERN', '(', 'SIM_FAIL_IMAGE_PATTERN: not a valid regular expression'],
    ['SIM_FROZEN', 'maybe', 'SIM_FROZEN="maybe": expected true or false'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL="loud": expected one of debug, info, warn, error'],
    ['ACK_KEY_RETENTION_HOURS', '0', 'ACK_KEY_RETENTION_HOURS="0": expected an integer from 1 to 87840'],
    ['ACK_KEY_RETENTION_HOURS', '1.5', 'ACK_KEY_RETENTION_HOURS="1.5": expected an integer from 1 to 87840'],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      expect((err as ConfigError).problems.some((p) => p.startsWith(message))).toBe(true);
    }
  });

  it('keeps hook ack keys 24 hours unless told otherwise', () => {
    expect(loadConfig({}).ackKeyRetentionMs).toBe(24 * 3_600_000);
    expect(loadConfig({ ACK_KEY_RETENTION_HOURS: '168' }).ackKeyRetentionMs).toBe(168 * 3_600_000);
  });

  it('puts the local admin token inside the PGlite directory, and nowhere in memory or with PostgreSQL', () => {
    expect(loadConfig({}, '/srv/app').auth).toEqual({ bootstrapAdminToken: undefined, adminTokenFile: '/srv/app/.data/pglite/admin-token', failureRefillPerMinute: 120 });
    expect(loadConfig({ PGLITE_DIR: '/var/lib/cx/db' }).auth.adminTokenFile).toBe('/var/lib/cx/db/admin-token');
    // Sibling directories never share a token file (issue 13 item 10).
    expect(loadConfig({ PGLITE_DIR: '/var/lib/cx/db2' }).auth.adminTokenFile).toBe('/var/lib/cx/db2/admin-token');
    expect(loadConfig({ PGLITE_DIR: 'memory' }).auth.adminTokenFile).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).auth.adminTokenFile).toBeUndefined();
    expect(loadConfig({ BOOTSTRAP_ADMIN_TOKEN: 'a-long-enough-secret' }).auth.bootstrapAdminToken).toBe('a-long-enough-secret');
    expect(() => loadConfig({ BOOTSTRAP_ADMIN_TOKEN: 'short' })).toThrow(/BOOTSTRAP_ADMIN_TOKEN: expected at least 16 characters without spaces/);
  });

  it('reads the dashboard origins CORS admits, and refuses anything that is not an origin', () => {
    expect(loadConfig({}).dashboardOrigins).toEqual(['http://127.0.0.1:4200', 'http://localhost:4200']);
    expect(loadConfig({ DASHBOARD_ORIGIN: 'https://rollouts.example.com, http://10.0.0.5:4200' }).dashboardOrigins).toEqual(['https://rollouts.example.com', 'http://10.0.0.5:4200']);
    for (const bad of ['*', 'rollouts.example.com', 'https://rollouts.example.com/', 'https://x.example/path', 'ftp://x.example']) {
      expect(() => loadConfig({ DASHBOARD_ORIGIN: bad })).toThrow(/DASHBOARD_ORIGIN: .* is not an origin such as http:\/\/127\.0\.0\.1:4200/);
    }
  });

  it('reports every bad value at once', () => {
    try {
      loadConfig({ PORT: '-1', SIM_ZONES: '0', WATCH_HISTORY: 'lots' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.split(/[=:]/)[0])).toEqual(['PORT', 'WATCH_HISTORY', 'SIM_ZONES']);
    }
  });

  it('documents every variable it reads', () => {
    const source = loadConfig.toString();
    const read = [...source.matchAll(/\((?:'|")([A-Z_]+)(?:'|")/g)].map((m) => m[1]);
    const documented = new Set(ENVIRONMENT.map((e) => e.name));
    for (const name of new Set(read)) expect(documented.has(name!)).toBe(true);
  });
});

describe('FEATURE_GATES', () => {
  it('reads Kruise gate settings over the defaults', () => {
    const gates = loadConfig({ FEATURE_GATES: 'CloneSetShortHash=true,KruiseDaemon=false' }).controllers.featureGates;
    expect(gates.enabled('CloneSetShortHash')).toBe(true);
    expect(gates.enabled('InPlaceUpdateEnvFromMetadata')).toBe(false);
    expect(gates.enabled('PreparingUpdateAsUpdate')).toBe(false);
  });

  it('refuses an unknown gate by name', () => {
    expect(() => loadConfig({ FEATURE_GATES: 'CloneSetShortHash=true,NoSuchGate=true' })).toThrow(/FEATURE_GATES: .*NoSuchGate/);
  });
});

describe('Kubernetes mode and the Kubernetes API', () => {
  it('reads CLUSTER, the kubeconfig and the leader election settings', () => {
    const config = loadConfig({ CLUSTER: 'kubernetes', KUBECONFIG: 'kc/config', POD_NAME: 'replica-1', LEADER_ELECTION_LEASE_SECONDS: '20', LEADER_ELECTION_RENEW_DEADLINE_SECONDS: '12' }, '/srv');
    expect(config.cluster.mode).toBe('kubernetes');
    expect(config.cluster.kubeconfig).toBe('/srv/kc/config');
    expect(config.cluster.leaderElection).toMatchObject({ enabled: true, identity: 'replica-1', leaseDurationSeconds: 20, renewDeadlineSeconds: 12, retryPeriodSeconds: 2, leaseName: 'coxswain-controller-manager' });
  });

  it.each([
    [{ CLUSTER: 'openshift' }, /CLUSTER="openshift": expected one of embedded, kubernetes/],
    [{ LEADER_ELECTION_LEASE_SECONDS: '10' }, /LEADER_ELECTION_RENEW_DEADLINE_SECONDS=10: must be below LEADER_ELECTION_LEASE_SECONDS \(10\)/],
    [{ LEADER_ELECTION_RETRY_SECONDS: '10' }, /LEADER_ELECTION_RETRY_SECONDS=10: must be below LEADER_ELECTION_RENEW_DEADLINE_SECONDS/],
    [{ CLUSTER: 'kubernetes', CLOCK_MODE: 'scaled' }, /CLOCK_MODE=scaled: a real cluster keeps real time/],
    [{ CONTROLLER_MODE: 'sometimes' }, /CONTROLLER_MODE="sometimes": expected one of active, observe, off/],
    [{ KUBE_API_TLS_CERT: 'cert.pem' }, /KUBE_API_TLS_CERT and KUBE_API_TLS_KEY: set both or neither/],
    [{ KUBE_API_PORT: 'https' }, /KUBE_API_PORT="https": expected an integer from 0 to 65535/],
  ])('refuses %j by name', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('serves the Kubernetes API on 3443 by default, on none with KUBE_API_PORT=off', () => {
    expect(loadConfig({}).kubeApi.port).toBe(3443);
    expect(loadConfig({ KUBE_API_PORT: 'off' }).kubeApi.port).toBeUndefined();
  });
});

describe('the admission webhook', () => {
  it('serves on 9876 in Kubernetes mode and not at all in embedded mode unless WEBHOOK_PORT is set', () => {
    expect(loadConfig({ CLUSTER: 'kubernetes' }).webhook).toEqual({
      port: 9876, service: { namespace: expect.any(String), name: 'coxswain-webhook-service' }, secretName: 'coxswain-webhook-certs',
    });
    expect(loadConfig({}).webhook.port).toBeUndefined();
    expect(loadConfig({ CLUSTER: 'kubernetes', WEBHOOK_PORT: 'off' }).webhook.port).toBeUndefined();
    expect(loadConfig({ WEBHOOK_PORT: '0' }).webhook.port).toBe(0);
    expect(loadConfig({ CLUSTER: 'kubernetes', WEBHOOK_SERVICE: 'hooks', WEBHOOK_NAMESPACE: 'ops', WEBHOOK_SECRET: 'hooks.certs' }).webhook)
      .toEqual({ port: 9876, service: { namespace: 'ops', name: 'hooks' }, secretName: 'hooks.certs' });
  });

  it.each([
    [{ WEBHOOK_PORT: 'https' }, 'WEBHOOK_PORT="https": expected an integer from 0 to 65535'],
    [{ WEBHOOK_PORT: '3000' }, 'WEBHOOK_PORT=3000: the API already listens on it (PORT)'],
    [{ WEBHOOK_PORT: '3443' }, 'WEBHOOK_PORT=3443: the Kubernetes API already listens on it (KUBE_API_PORT)'],
    [{ CLUSTER: 'kubernetes', WEBHOOK_SERVICE: 'Webhook_Service' }, 'WEBHOOK_SERVICE="Webhook_Service": expected a Service name (lowercase letters, digits and \'-\', starting with a letter'],
    [{ CLUSTER: 'kubernetes', WEBHOOK_SERVICE: '9hooks' }, 'WEBHOOK_SERVICE="9hooks": expected a Service name'],
    [{ CLUSTER: 'kubernetes', WEBHOOK_NAMESPACE: 'ops.team' }, 'WEBHOOK_NAMESPACE="ops.team": expected a namespace name'],
    [{ CLUSTER: 'kubernetes', WEBHOOK_SECRET: '-certs' }, 'WEBHOOK_SECRET="-certs": expected a Secret name'],
  ])('refuses %j by name', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
