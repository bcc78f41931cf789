// Coxswain's configuration, read once from the environment and validated as a whole: every bad value is
// reported with its variable name and what is expected, and the server does not start.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_FEATURE_GATES, FeatureGateError, parseFeatureGates, type FeatureGates } from '@coxswain/kruise-api';

export type ClockMode = 'real' | 'scaled';
export type ControllerMode = 'active' | 'observe' | 'off';
export type ClusterMode = 'embedded' | 'kubernetes';
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AppConfig {
  /** The variables this configuration was read from, so another thread can read the same one. */
  source: { env: Record<string, string>; cwd: string };
  port: number;
  host: string;
  databaseUrl: string | undefined;
  pgliteDir: string | 'memory';
  logLevel: LogLevel;
  /** Browser origins (the dashboard's) allowed to call the API cross-origin; CORS refuses every other. */
  dashboardOrigins: string[];
  auth: {
    /** The secret of the first admin token when no token exists yet (tests, scripted setups). */
    bootstrapAdminToken: string | undefined;
    /** Where the embedded default writes the secret of the local admin token it creates; none in memory or with PostgreSQL. */
    adminTokenFile: string | undefined;
    /** How fast one address earns back a failed authentication after its burst is spent (auth/failed-auth-limiter.ts). */
    failureRefillPerMinute: number;
  };
  clock: { mode: ClockMode; scale: number };
  /** How long a hook ack's Idempotency-Key is remembered after its answer (ms of the cluster clock). */
  ackKeyRetentionMs: number;
  /** Outgoing Rollout webhooks (docs/rollouts-api.md): attempts per delivery, and the first retry's delay (wall ms, doubled each retry). */
  rolloutWebhooks: { attempts: number; retryBaseMs: number };
  controllers: { mode: ControllerMode; workers: number; featureGates: FeatureGates; scalingExcludePreparingDelete: boolean };
  /** The Kubernetes API over the cluster (HTTPS: kubectl sends tokens only over TLS). */
  kubeApi: {
    /** 0 picks a free port; undefined serves none. */
    port: number | undefined;
    /** PEM files; without them a self-signed certificate is made (and kept in `generatedTlsDir` when set). */
    tlsCertFile: string | undefined;
    tlsKeyFile: string | undefined;
    generatedTlsDir: string | undefined;
  };
  /** Kruise's admission webhooks over HTTPS (docs/kubernetes-mode.md). */
  webhook: {
    /** 0 picks a free port; undefined serves none. */
    port: number | undefined;
    /** The Service the API server calls the webhook through; its DNS name is the certificate's. */
    service: { namespace: string; name: string };
    /** The Secret (in the Service's namespace) the replicas keep the certificate in. */
    secretName: string;
  };
  cluster: {
    /** `embedded`: the simulated cluster in this process; `kubernetes`: a real cluster through client-node. */
    mode: ClusterMode;
    /** Kubernetes mode: the kubeconfig file (unset: in-cluster configuration, then ~/.kube/config). */
    kubeconfig: string | undefined;
    /** Kubernetes mode: the kubeconfig context (unset: its current context). */
    kubeContext: string | undefined;
    leaderElection: {
      enabled: boolean;
      namespace: string;
      leaseName: string;
      identity: string;
      leaseDurationSeconds: number;
      renewDeadlineSeconds: number;
      retryPeriodSeconds: number;
    };
    watchHistory: number;
    watchHistorySeconds: number;
    seedFile: string | undefined;
    nodes: { zones: number; nodesPerZone: number; podCapacity: number };
    kubelet: {
      imagePullMs: number;
      containerStartMs: number;
      terminationMs: number;
      failImagePattern: RegExp | undefined;
      frozen: boolean;
    };
  };
}

/**
 * One row per environment variable: docs/configuration.md's table is generated from this list
 * (`npm run docs:generate`); links in `meaning` are relative to docs/.
 */
export const ENVIRONMENT: readonly { name: string; default: string; meaning: string }[] = [
  { name: 'PORT', default: '3000', meaning: 'HTTP port of the API (GraphQL, /metrics, health).' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'Interface the API listens on (0.0.0.0 in containers).' },
  { name: 'DATABASE_URL', default: '(unset)', meaning: 'PostgreSQL connection URL. Unset: embedded PGlite.' },
  { name: 'DASHBOARD_PORT', default: '4200', meaning: '`npm start` only: HTTP port of the dashboard.' },
  { name: 'DASHBOARD_HOST', default: '127.0.0.1', meaning: '`npm start` only: interface the dashboard listens on.' },
  { name: 'API_URL', default: 'http://127.0.0.1:3000', meaning: '`npm start` only: the API as the dashboard (and the browser) reach it.' },
  { name: 'DEMO_ROLLOUT', default: '(on)', meaning: '`npm start` only: `off` leaves the demo CloneSet `rollout-demo` alone (it is rolled only on the start that seeds a new cluster).' },
  { name: 'PGLITE_DIR', default: '.data/pglite', meaning: 'Embedded PGlite data directory, relative to the working directory; `memory` keeps nothing.' },
  { name: 'BOOTSTRAP_ADMIN_TOKEN', default: '(unset)', meaning: 'When no API token exists yet, the `local-admin` token is created with exactly this secret (at least 16 characters) instead of a random one; see [Tokens and roles](tokens-and-roles.md).' },
  { name: 'DASHBOARD_ORIGIN', default: 'http://127.0.0.1:4200,http://localhost:4200', meaning: 'Origins of the dashboard allowed to call the API from a browser (CORS), comma-separated, each `scheme://host[:port]`; requests from any other origin get no CORS permission. `npm start` sets it to the dashboard it starts.' },
  { name: 'AUTH_FAILURE_REFILL_PER_MINUTE', default: '120', meaning: 'Failed authentications one client address earns back per minute once it has spent its burst of 20; meanwhile its failed attempts answer 429 with Retry-After on every surface, and its valid tokens are still served.' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'debug, info, warn or error. Logs are JSON lines on stdout.' },
  { name: 'CLOCK_MODE', default: 'real', meaning: '`real`, or `scaled` to run the embedded cluster and controllers CLOCK_SCALE times faster.' },
  { name: 'CLOCK_SCALE', default: '20', meaning: 'Speed-up factor when CLOCK_MODE=scaled.' },
  { name: 'ACK_KEY_RETENTION_HOURS', default: '24', meaning: 'How long a hook acknowledgement\'s Idempotency-Key and answer are kept after it was answered (hours of the cluster clock); a retry with the key within that time replays the answer, later it is a new request. See [Hook acknowledgements](hooks.md).' },
  { name: 'ROLLOUT_WEBHOOK_ATTEMPTS', default: '6', meaning: 'How many times an outgoing Rollout webhook delivery is attempted before it is marked failed (1-20). See [Rollouts over GraphQL and REST](rollouts-api.md#rollouts-api-5).' },
  { name: 'ROLLOUT_WEBHOOK_RETRY_BASE_MS', default: '2000', meaning: 'The wait before a delivery\'s first retry, in wall-clock milliseconds; doubled before each further retry (2 s, 4 s, 8 s, ...), never more than an hour.' },
  { name: 'CONTROLLER_MODE', default: 'active', meaning: '`active` applies plans; `observe` computes plans and writes nothing; `off` runs no controllers (the embedded cluster serves another Coxswain in Kubernetes mode).' },
  { name: 'CONTROLLER_WORKERS', default: '2', meaning: 'Concurrent reconciles per controller.' },
  { name: 'FEATURE_GATES', default: '(Kruise defaults)', meaning: 'Kruise feature gates in `--feature-gates` syntax, e.g. `CloneSetShortHash=true,PreparingUpdateAsUpdate=true`; see [Feature gates](#feature-gates).' },
  { name: 'CLONESET_SCALING_EXCLUDE_PREPARING_DELETE', default: 'false', meaning: 'Kruise\'s `--cloneset-scaling-exclude-preparing-delete`: PreparingDelete pods do not count towards replicas.' },
  { name: 'KUBE_API_PORT', default: '3443', meaning: 'HTTPS port of the Kubernetes API over the cluster (kubectl, client-node); `off` serves none, `0` any free port. See [kubectl](kubectl.md).' },
  { name: 'KUBE_API_TLS_CERT', default: '(unset)', meaning: 'PEM certificate of the Kubernetes API (with KUBE_API_TLS_KEY). Unset: a self-signed one, kept next to the PGlite directory (`.data/kube-api.crt`).' },
  { name: 'KUBE_API_TLS_KEY', default: '(unset)', meaning: 'PEM private key of KUBE_API_TLS_CERT.' },
  { name: 'WEBHOOK_PORT', default: '(9876 with CLUSTER=kubernetes, else off)', meaning: 'HTTPS port of Kruise\'s admission webhooks (defaulting and validation of CloneSets, Advanced StatefulSets and UnitedDeployments, called by the API server); `off` serves none, `0` any free port. See [Kubernetes mode](kubernetes-mode.md).' },
  { name: 'WEBHOOK_SERVICE', default: 'coxswain-webhook-service', meaning: 'The Service the API server calls the webhook through (written into the webhook configurations); the certificate is for `WEBHOOK_SERVICE.WEBHOOK_NAMESPACE.svc`.' },
  { name: 'WEBHOOK_NAMESPACE', default: '(pod namespace, or default)', meaning: 'Namespace of the webhook Service and of its certificate Secret.' },
  { name: 'WEBHOOK_SECRET', default: 'coxswain-webhook-certs', meaning: 'The Secret the replicas keep the webhook certificate in (made at the first start, rotated six months before it expires).' },
  { name: 'CLUSTER', default: 'embedded', meaning: '`embedded` runs the simulated cluster; `kubernetes` runs the controllers against a real cluster through @kubernetes/client-node (no simulator; manifests with `status` are refused). See [Kubernetes mode](kubernetes-mode.md).' },
  { name: 'KUBECONFIG', default: '(unset)', meaning: 'Kubernetes mode: the kubeconfig file. Unset: the in-cluster service account when running in a pod, else `~/.kube/config`.' },
  { name: 'KUBE_CONTEXT', default: '(unset)', meaning: 'Kubernetes mode: the kubeconfig context to use (unset: its current context).' },
  { name: 'LEADER_ELECTION', default: 'true', meaning: 'Kubernetes mode with active controllers: only the holder of a coordination.k8s.io Lease reconciles, so replicas never act twice.' },
  { name: 'LEADER_ELECTION_NAMESPACE', default: '(pod namespace, or default)', meaning: 'Namespace of the leader-election Lease.' },
  { name: 'LEADER_ELECTION_ID', default: 'coxswain-controller-manager', meaning: 'Name of the leader-election Lease.' },
  { name: 'POD_NAME', default: '(hostname_pid)', meaning: 'This replica\'s identity in the Lease (holderIdentity).' },
  { name: 'LEADER_ELECTION_LEASE_SECONDS', default: '15', meaning: 'How long a lease is valid without renewal (client-go: 15).' },
  { name: 'LEADER_ELECTION_RENEW_DEADLINE_SECONDS', default: '10', meaning: 'A leader that could not renew for this long stops reconciling (client-go: 10; below the lease duration).' },
  { name: 'LEADER_ELECTION_RETRY_SECONDS', default: '2', meaning: 'Interval between attempts to acquire or renew (client-go: 2).' },
  { name: 'WATCH_HISTORY_SECONDS', default: '75', meaning: 'How long changes are kept for resuming a watch from a resourceVersion (kube-apiserver keeps 75 s); a watch from an older one gets 410 Gone and relists.' },
  { name: 'WATCH_HISTORY', default: '100000', meaning: 'At most this many changes are kept for resuming watches, whatever their age (bounds memory under write bursts).' },
  { name: 'SEED_FILE', default: '(unset)', meaning: 'Multi-document YAML created at the first start, into an empty cluster (Pods and Nodes may carry status); later starts leave the cluster as it is.' },
  { name: 'SIM_ZONES', default: '3', meaning: 'Simulated zones (zone-a, zone-b, ...).' },
  { name: 'SIM_NODES_PER_ZONE', default: '3', meaning: 'Simulated nodes in each zone.' },
  { name: 'SIM_POD_CAPACITY', default: '110', meaning: 'Pods each simulated node accepts.' },
  { name: 'SIM_IMAGE_PULL_MS', default: '2000', meaning: 'Time to pull an image a node does not have yet.' },
  { name: 'SIM_CONTAINER_START_MS', default: '500', meaning: 'Time from image present to container running.' },
  { name: 'SIM_TERMINATION_MS', default: '1000', meaning: 'Time a deleted pod takes to terminate (capped by its grace period).' },
  { name: 'SIM_FAIL_IMAGE_PATTERN', default: '(unset)', meaning: 'Regular expression; images that match fail to pull (ErrImagePull).' },
  { name: 'SIM_FROZEN', default: 'false', meaning: '`true` starts the kubelet simulator frozen: pods stay as they are.' },
];

/** The local admin token's file, inside the PGlite directory. */
export const ADMIN_TOKEN_FILE = 'admin-token';

/** `scheme://host[:port]` exactly, as a browser sends it in the Origin header. */
function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected an integer from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, fallback: T, allowed: readonly T[]): T => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected one of ${allowed.join(', ')}`);
      return fallback;
    }
    return raw as T;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!['true', 'false', '1', '0'].includes(raw)) {
      problems.push(`${name}=${JSON.stringify(raw)}: expected true or false`);
      return fallback;
    }
    return raw === 'true' || raw === '1';
  };

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: expected a postgresql:// or postgres:// URL');
  }
  const scaleRaw = read('CLOCK_SCALE');
  const scale = scaleRaw === undefined ? 20 : Number(scaleRaw);
  if (!(scale > 0 && scale <= 1000)) problems.push(`CLOCK_SCALE=${JSON.stringify(scaleRaw)}: expected a number above 0 and at most 1000`);

  let failImagePattern: RegExp | undefined;
  const pattern = read('SIM_FAIL_IMAGE_PATTERN');
  if (pattern !== undefined) {
    try {
      failImagePattern = new RegExp(pattern);
    } catch (err) {
      problems.push(`SIM_FAIL_IMAGE_PATTERN: not a valid regular expression (${(err as Error).message})`);
    }
  }
  const originsRaw = read('DASHBOARD_ORIGIN') ?? 'http://127.0.0.1:4200,http://localhost:4200';
  const dashboardOrigins = originsRaw.split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const origin of dashboardOrigins) {
    if (!isOrigin(origin)) problems.push(`DASHBOARD_ORIGIN: ${JSON.stringify(origin)} is not an origin such as http://127.0.0.1:4200 (scheme, host and port only)`);
  }
  const pgliteRaw = read('PGLITE_DIR') ?? '.data/pglite';
  const pgliteDir = pgliteRaw === 'memory' ? 'memory' : isAbsolute(pgliteRaw) ? pgliteRaw : resolve(cwd, pgliteRaw);
  const seed = read('SEED_FILE');
  const bootstrapAdminToken = read('BOOTSTRAP_ADMIN_TOKEN');
  if (bootstrapAdminToken !== undefined && !/^\S{16,}$/.test(bootstrapAdminToken)) {
    problems.push('BOOTSTRAP_ADMIN_TOKEN: expected at least 16 characters without spaces');
  }
  let featureGates = DEFAULT_FEATURE_GATES;
  const gatesRaw = read('FEATURE_GATES');
  if (gatesRaw !== undefined) {
    try {
      featureGates = parseFeatureGates(gatesRaw);
    } catch (err) {
      if (!(err instanceof FeatureGateError)) throw err;
      problems.push(`FEATURE_GATES: ${err.message}`);
    }
  }

  const kubeApiPortRaw = read('KUBE_API_PORT');
  const kubeApiPort = kubeApiPortRaw === 'off' ? undefined : int('KUBE_API_PORT', 3443, 0, 65535);
  const tlsCertFile = read('KUBE_API_TLS_CERT');
  const tlsKeyFile = read('KUBE_API_TLS_KEY');
  if ((tlsCertFile === undefined) !== (tlsKeyFile === undefined)) problems.push('KUBE_API_TLS_CERT and KUBE_API_TLS_KEY: set both or neither');
  const clusterMode = oneOf('CLUSTER', 'embedded', ['embedded', 'kubernetes'] as const);
  const controllerMode = oneOf('CONTROLLER_MODE', 'active', ['active', 'observe', 'off'] as const);
  const leaseSeconds = int('LEADER_ELECTION_LEASE_SECONDS', 15, 1, 3600);
  const renewSeconds = int('LEADER_ELECTION_RENEW_DEADLINE_SECONDS', 10, 1, 3600);
  const retrySeconds = int('LEADER_ELECTION_RETRY_SECONDS', 2, 1, 3600);
  // client-go's rules: the leader gives up before anyone may take the lease, and retries within the deadline.
  if (renewSeconds >= leaseSeconds) problems.push(`LEADER_ELECTION_RENEW_DEADLINE_SECONDS=${renewSeconds}: must be below LEADER_ELECTION_LEASE_SECONDS (${leaseSeconds})`);
  if (retrySeconds >= renewSeconds) problems.push(`LEADER_ELECTION_RETRY_SECONDS=${retrySeconds}: must be below LEADER_ELECTION_RENEW_DEADLINE_SECONDS (${renewSeconds})`);
  const kubeconfig = read('KUBECONFIG');
  if (clusterMode === 'kubernetes' && read('CLOCK_MODE') === 'scaled') problems.push('CLOCK_MODE=scaled: a real cluster keeps real time; use CLOCK_MODE=real with CLUSTER=kubernetes');
  if (clusterMode === 'kubernetes' && read('SEED_FILE') !== undefined) problems.push('SEED_FILE: seeding is for the embedded cluster; apply manifests to a real cluster with kubectl or applyManifest');

  const webhookPortRaw = read('WEBHOOK_PORT') ?? (clusterMode === 'kubernetes' ? '9876' : 'off');
  const webhookPort = webhookPortRaw === 'off' ? undefined : int('WEBHOOK_PORT', 9876, 0, 65535);
  const mainPort = int('PORT', 3000, 0, 65535);
  if (webhookPort !== undefined && webhookPort !== 0) {
    if (webhookPort === mainPort) problems.push(`WEBHOOK_PORT=${webhookPort}: the API already listens on it (PORT)`);
    if (webhookPort === kubeApiPort) problems.push(`WEBHOOK_PORT=${webhookPort}: the Kubernetes API already listens on it (KUBE_API_PORT)`);
  }
  const webhookService = read('WEBHOOK_SERVICE') ?? 'coxswain-webhook-service';
  if (!isDns1035Label(webhookService)) {
    problems.push(`WEBHOOK_SERVICE=${JSON.stringify(webhookService)}: expected a Service name (lowercase letters, digits and '-', starting with a letter and ending with a letter or digit, at most 63 characters)`);
  }
  const webhookNamespace = read('WEBHOOK_NAMESPACE') ?? podNamespace() ?? 'default';
  if (!isDns1123Label(webhookNamespace)) {
    problems.push(`WEBHOOK_NAMESPACE=${JSON.stringify(webhookNamespace)}: expected a namespace name (lowercase letters, digits and '-', starting and ending with a letter or digit, at most 63 characters)`);
  }
  const webhookSecret = read('WEBHOOK_SECRET') ?? 'coxswain-webhook-certs';
  if (!isDns1123Subdomain(webhookSecret)) {
    problems.push(`WEBHOOK_SECRET=${JSON.stringify(webhookSecret)}: expected a Secret name (lowercase letters, digits, '-' and '.', starting and ending with a letter or digit, at most 253 characters)`);
  }

  const source = { env: Object.fromEntries(ENVIRONMENT.flatMap(({ name }) => (env[name] === undefined ? [] : [[name, env[name]!]]))), cwd };
  const config: AppConfig = {
    source,
    port: mainPort,
    host: read('HOST') ?? '127.0.0.1',
    databaseUrl,
    pgliteDir,
    logLevel: oneOf('LOG_LEVEL', 'info', ['debug', 'info', 'warn', 'error'] as const),
    dashboardOrigins,
    auth: {
      bootstrapAdminToken,
      // Inside the PGlite directory (.data/pglite/admin-token by default): it lives and dies with the data,
      // and two servers with sibling directories never share one.
      adminTokenFile: databaseUrl === undefined && pgliteDir !== 'memory' ? join(pgliteDir, ADMIN_TOKEN_FILE) : undefined,
      failureRefillPerMinute: int('AUTH_FAILURE_REFILL_PER_MINUTE', 120, 1, 1_000_000),
    },
    clock: { mode: oneOf('CLOCK_MODE', 'real', ['real', 'scaled'] as const), scale },
    // At most ten years of hours.
    ackKeyRetentionMs: int('ACK_KEY_RETENTION_HOURS', 24, 1, 10 * 366 * 24) * 3_600_000,
    rolloutWebhooks: {
      attempts: int('ROLLOUT_WEBHOOK_ATTEMPTS', 6, 1, 20),
      retryBaseMs: int('ROLLOUT_WEBHOOK_RETRY_BASE_MS', 2000, 1, 3_600_000),
    },
    controllers: {
      mode: controllerMode,
      workers: int('CONTROLLER_WORKERS', 2, 1, 64),
      featureGates,
      scalingExcludePreparingDelete: bool('CLONESET_SCALING_EXCLUDE_PREPARING_DELETE', false),
    },
    kubeApi: {
      port: kubeApiPort,
      tlsCertFile: tlsCertFile === undefined ? undefined : resolve(cwd, tlsCertFile),
      tlsKeyFile: tlsKeyFile === undefined ? undefined : resolve(cwd, tlsKeyFile),
      generatedTlsDir: databaseUrl === undefined && pgliteDir !== 'memory' ? dirname(pgliteDir) : undefined,
    },
    webhook: {
      port: webhookPort,
      service: { namespace: webhookNamespace, name: webhookService },
      secretName: webhookSecret,
    },
    cluster: {
      mode: clusterMode,
      kubeconfig: kubeconfig === undefined ? undefined : resolve(cwd, kubeconfig),
      kubeContext: read('KUBE_CONTEXT'),
      leaderElection: {
        enabled: bool('LEADER_ELECTION', true),
        namespace: read('LEADER_ELECTION_NAMESPACE') ?? podNamespace() ?? 'default',
        leaseName: read('LEADER_ELECTION_ID') ?? 'coxswain-controller-manager',
        identity: read('POD_NAME') ?? `${hostname()}_${process.pid}`,
        leaseDurationSeconds: leaseSeconds,
        renewDeadlineSeconds: renewSeconds,
        retryPeriodSeconds: retrySeconds,
      },
      watchHistory: int('WATCH_HISTORY', 100_000, 100),
      watchHistorySeconds: int('WATCH_HISTORY_SECONDS', 75, 1, 86_400),
      seedFile: seed === undefined ? undefined : resolve(cwd, seed),
      nodes: {
        zones: int('SIM_ZONES', 3, 1, 26),
        nodesPerZone: int('SIM_NODES_PER_ZONE', 3, 1, 1000),
        podCapacity: int('SIM_POD_CAPACITY', 110, 1, 100_000),
      },
      kubelet: {
        imagePullMs: int('SIM_IMAGE_PULL_MS', 2000, 0),
        containerStartMs: int('SIM_CONTAINER_START_MS', 500, 0),
        terminationMs: int('SIM_TERMINATION_MS', 1000, 0),
        failImagePattern,
        frozen: bool('SIM_FROZEN', false),
      },
    },
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const isDns1035Label = (name: string) => name.length <= 63 && /^[a-z]([-a-z0-9]*[a-z0-9])?$/.test(name);
const isDns1123Label = (name: string) => name.length <= 63 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(name);
const isDns1123Subdomain = (name: string) => name.length <= 253 && /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(name);

/** The namespace of the pod this process runs in, from its service account (in-cluster only). */
function podNamespace(): string | undefined {
  try {
    return readFileSync('/var/run/secrets/kubernetes.io/serviceaccount/namespace', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
