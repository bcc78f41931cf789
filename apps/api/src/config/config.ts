// Coxswain's configuration, read once from the environment and validated as a whole: every bad value is
// reported with its variable name and what is expected, and the server does not start.
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_FEATURE_GATES, FeatureGateError, parseFeatureGates, type FeatureGates } from '@coxswain/kruise-api';

export type ClockMode = 'real' | 'scaled';
export type ControllerMode = 'active' | 'observe';
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
  };
  clock: { mode: ClockMode; scale: number };
  controllers: { mode: ControllerMode; workers: number; featureGates: FeatureGates; scalingExcludePreparingDelete: boolean };
  cluster: {
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

/** One row per environment variable: the README's configuration table is this list. */
export const ENVIRONMENT: readonly { name: string; default: string; meaning: string }[] = [
  { name: 'PORT', default: '3000', meaning: 'HTTP port of the API (GraphQL, /metrics, health).' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'Interface the API listens on (0.0.0.0 in containers).' },
  { name: 'DATABASE_URL', default: '(unset)', meaning: 'PostgreSQL connection URL. Unset: embedded PGlite.' },
  { name: 'DASHBOARD_PORT', default: '4200', meaning: '`npm start` only: HTTP port of the dashboard.' },
  { name: 'DASHBOARD_HOST', default: '127.0.0.1', meaning: '`npm start` only: interface the dashboard listens on.' },
  { name: 'API_URL', default: 'http://127.0.0.1:3000', meaning: '`npm start` only: the API as the dashboard (and the browser) reach it.' },
  { name: 'PGLITE_DIR', default: '.data/pglite', meaning: 'Embedded PGlite data directory, relative to the working directory; `memory` keeps nothing.' },
  { name: 'BOOTSTRAP_ADMIN_TOKEN', default: '(unset)', meaning: 'When no API token exists yet, the `local-admin` token is created with exactly this secret (at least 16 characters) instead of a random one; see [Tokens and roles](#tokens-and-roles).' },
  { name: 'DASHBOARD_ORIGIN', default: 'http://127.0.0.1:4200,http://localhost:4200', meaning: 'Origins of the dashboard allowed to call the API from a browser (CORS), comma-separated, each `scheme://host[:port]`; requests from any other origin get no CORS permission. `npm start` sets it to the dashboard it starts.' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'debug, info, warn or error. Logs are JSON lines on stdout.' },
  { name: 'CLOCK_MODE', default: 'real', meaning: '`real`, or `scaled` to run the embedded cluster and controllers CLOCK_SCALE times faster.' },
  { name: 'CLOCK_SCALE', default: '20', meaning: 'Speed-up factor when CLOCK_MODE=scaled.' },
  { name: 'CONTROLLER_MODE', default: 'active', meaning: '`active` applies plans; `observe` computes plans and writes nothing.' },
  { name: 'CONTROLLER_WORKERS', default: '2', meaning: 'Concurrent reconciles per controller.' },
  { name: 'FEATURE_GATES', default: '(Kruise defaults)', meaning: 'Kruise feature gates in `--feature-gates` syntax, e.g. `CloneSetShortHash=true,PreparingUpdateAsUpdate=true`; see [Feature gates](#feature-gates).' },
  { name: 'CLONESET_SCALING_EXCLUDE_PREPARING_DELETE', default: 'false', meaning: 'Kruise\'s `--cloneset-scaling-exclude-preparing-delete`: PreparingDelete pods do not count towards replicas.' },
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

  const source = { env: Object.fromEntries(ENVIRONMENT.flatMap(({ name }) => (env[name] === undefined ? [] : [[name, env[name]!]]))), cwd };
  const config: AppConfig = {
    source,
    port: int('PORT', 3000, 0, 65535),
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
    },
    clock: { mode: oneOf('CLOCK_MODE', 'real', ['real', 'scaled'] as const), scale },
    controllers: {
      mode: oneOf('CONTROLLER_MODE', 'active', ['active', 'observe'] as const),
      workers: int('CONTROLLER_WORKERS', 2, 1, 64),
      featureGates,
      scalingExcludePreparingDelete: bool('CLONESET_SCALING_EXCLUDE_PREPARING_DELETE', false),
    },
    cluster: {
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
