// Kruise feature gates that change workload behaviour (docs/spec/cloneset.md §0, docs/spec/advanced-statefulset.md
// §0, docs/spec/inplace-and-lifecycle.md). They are cluster-wide, so one immutable FeatureGates value is
// built at startup (e.g. from `--feature-gates=A=true,B=false`) and handed to planners and webhooks.

export interface FeatureGateSpec {
  readonly name: string;
  readonly default: boolean;
  /** One line for the docs (docs/configuration.md). */
  readonly description: string;
}

/** Every gate Coxswain knows, with Kruise's default. docs/configuration.md's table is generated from this list. */
export const KRUISE_FEATURE_GATES = [
  { name: 'CloneSetPartitionRollback', default: false, description: 'Raising a CloneSet partition moves already-updated pods back to currentRevision.' },
  { name: 'CloneSetShortHash', default: false, description: 'Pod label controller-revision-hash holds only the hash, not <cloneset>-<hash>.' },
  { name: 'PreparingUpdateAsUpdate', default: false, description: 'Scale and partition arithmetic count PreparingUpdate pods as already updated.' },
  { name: 'RecreatePodWhenChangeVCTInCloneSetGate', default: false, description: 'A volumeClaimTemplates hash change between revisions forces a recreate update.' },
  { name: 'InPlaceUpdateEnvFromMetadata', default: true, description: 'Label/annotation changes read by env fieldRefs are applied in place (forced off without KruiseDaemon).' },
  { name: 'InPlaceWorkloadVerticalScaling', default: false, description: 'Container cpu/memory changes are applied in place.' },
  { name: 'PodUnavailableBudgetUpdateGate', default: false, description: 'Each pod update asks the PodUnavailableBudget first.' },
  { name: 'ForceDeleteTimeoutExpectationFeatureGate', default: false, description: 'Scale expectations still unmet after --expectation-timeout are dropped instead of stalling the CloneSet.' },
  { name: 'CloneSetEventHandlerOptimization', default: false, description: 'CloneSet skips enqueueing for pod updates that cannot change its decisions.' },
  { name: 'PreDownloadImageForInPlaceUpdate', default: false, description: 'Available: CloneSet and Advanced StatefulSet create ImagePullJobs that pre-pull a rollout\'s new images on the old pods\' nodes (docs/image-pull.md; forced off without KruiseDaemon).' },
  { name: 'TemplateNoDefaults', default: false, description: 'Do not inject Kubernetes pod-spec defaults into workload templates.' },
  { name: 'KruiseDaemon', default: true, description: 'A per-node kruise-daemon exists (needed by env-from-metadata and image pre-download); the NodeImage and ContainerRecreateRequest controllers run.' },
  { name: 'StatefulSetAutoDeletePVC', default: true, description: 'Advanced StatefulSet honours persistentVolumeClaimRetentionPolicy.' },
  { name: 'StatefulSetStartOrdinal', default: false, description: 'Advanced StatefulSet honours spec.ordinals.start.' },
  { name: 'PodIndexLabel', default: true, description: 'Advanced StatefulSet pods get the apps.kubernetes.io/pod-index label.' },
  { name: 'StatefulSetAutoResizePVCGate', default: false, description: 'Advanced StatefulSet resizes PVCs with volumeClaimUpdateStrategy OnPodRollingUpdate.' },
  { name: 'KeepWorkloadPausedOnRolloutDeletion', default: false, description: 'Kruise Rollouts: deleting (or disabling) a Rollout mid-release leaves its workload where the release had it: a CloneSet and a StatefulSet keep their partition, a Deployment stays paused (docs/spec/kruise-rollout.md §2.13).' },
  { name: 'ImagePullJobGate', default: false, description: 'Available: ImagePullJobs are admitted and the ImagePullJob controller runs (forced on by PreDownloadImageForInPlaceUpdate, off without KruiseDaemon).' },
  { name: 'AdvancedDeployment', default: false, description: 'Kruise Rollouts\' advanced Deployment controller runs: an apps/v1 Deployment is released in partition style (docs/rollouts.md); off, such a Deployment stays paused.' },
] as const satisfies readonly FeatureGateSpec[];

export type FeatureGateName = (typeof KRUISE_FEATURE_GATES)[number]['name'];

/** Gates that need kruise-daemon on the nodes; Kruise switches them off when KruiseDaemon is off. */
const NEEDS_KRUISE_DAEMON: readonly FeatureGateName[] = ['InPlaceUpdateEnvFromMetadata', 'PreDownloadImageForInPlaceUpdate', 'ImagePullJobGate'];

const SPECS = new Map<string, FeatureGateSpec>(KRUISE_FEATURE_GATES.map((gate) => [gate.name, gate]));

export function isFeatureGateName(name: string): name is FeatureGateName {
  return SPECS.has(name);
}

/** A bad `--feature-gates` value; `gate` names the offending entry when there is one. */
export class FeatureGateError extends Error {
  constructor(
    message: string,
    readonly gate?: string,
  ) {
    super(message);
    this.name = 'FeatureGateError';
  }
}

/** An immutable set of gate values: explicit settings over Kruise's defaults. */
export class FeatureGates {
  private readonly values: ReadonlyMap<FeatureGateName, boolean>;

  private constructor(values: ReadonlyMap<FeatureGateName, boolean>) {
    this.values = values;
    Object.freeze(this);
  }

  /** Every gate at its default. */
  static defaults(): FeatureGates {
    return new FeatureGates(new Map());
  }

  /** Defaults overridden by `settings`; unknown names throw FeatureGateError. */
  static from(settings: Readonly<Partial<Record<FeatureGateName, boolean>>>): FeatureGates {
    return FeatureGates.defaults().with(settings);
  }

  /** A copy with `settings` applied on top of this one's explicit settings. */
  with(settings: Readonly<Partial<Record<FeatureGateName, boolean>>>): FeatureGates {
    const next = new Map(this.values);
    for (const [name, value] of Object.entries(settings)) {
      if (!isFeatureGateName(name)) throw unknownGate(name);
      if (typeof value !== 'boolean') throw new FeatureGateError(`feature gate ${name} must be true or false, got ${JSON.stringify(value)}`, name);
      next.set(name, value);
    }
    return new FeatureGates(next);
  }

  /**
   * The effective value, after Kruise's dependency rules (KruiseDaemon off switches its dependants off;
   * image pre-download switches ImagePullJobGate on, docs/spec/image-pull.md §0).
   */
  enabled(name: FeatureGateName): boolean {
    if (!isFeatureGateName(name)) throw unknownGate(name);
    if (NEEDS_KRUISE_DAEMON.includes(name) && !this.explicitOrDefault('KruiseDaemon')) return false;
    if (name === 'ImagePullJobGate' && this.enabled('PreDownloadImageForInPlaceUpdate')) return true;
    return this.explicitOrDefault(name);
  }

  /** Effective value of every gate, in KRUISE_FEATURE_GATES order. */
  toRecord(): Record<FeatureGateName, boolean> {
    const record = {} as Record<FeatureGateName, boolean>;
    for (const gate of KRUISE_FEATURE_GATES) record[gate.name] = this.enabled(gate.name);
    return record;
  }

  /** The explicit settings in `--feature-gates` syntax ("A=true,B=false"), sorted by name. */
  toString(): string {
    return [...this.values.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join(',');
  }

  private explicitOrDefault(name: FeatureGateName): boolean {
    return this.values.get(name) ?? SPECS.get(name)!.default;
  }
}

export const DEFAULT_FEATURE_GATES = FeatureGates.defaults();

// strconv.ParseBool, which Kubernetes' --feature-gates parser uses.
const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/**
 * Parses `--feature-gates` syntax: comma-separated `Name=bool`, blanks ignored. Values on top of
 * `base` (defaults unless given). Throws FeatureGateError naming the gate on an unknown name, a
 * missing `=value` or a value that is not a boolean.
 */
export function parseFeatureGates(text: string, base: FeatureGates = DEFAULT_FEATURE_GATES): FeatureGates {
  const settings: Partial<Record<FeatureGateName, boolean>> = {};
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    const name = (eq < 0 ? entry : entry.slice(0, eq)).trim();
    if (!isFeatureGateName(name)) throw unknownGate(name);
    if (eq < 0) throw new FeatureGateError(`missing bool value for feature gate ${name} (write ${name}=true or ${name}=false)`, name);
    const value = entry.slice(eq + 1).trim();
    if (TRUE_WORDS.has(value)) settings[name] = true;
    else if (FALSE_WORDS.has(value)) settings[name] = false;
    else throw new FeatureGateError(`invalid value of feature gate ${name}=${value}: must be true or false`, name);
  }
  return base.with(settings);
}

function unknownGate(name: string): FeatureGateError {
  const known = KRUISE_FEATURE_GATES.map((gate) => gate.name).join(', ');
  return new FeatureGateError(`unrecognized feature gate: ${JSON.stringify(name)} (known gates: ${known})`, name);
}

/** Rows for docs/configuration.md: name, default and meaning of every gate. */
export function featureGateDocs(): readonly FeatureGateSpec[] {
  return KRUISE_FEATURE_GATES;
}

/** docs/configuration.md's table (Markdown), generated so it cannot drift from the code. */
export function featureGatesMarkdownTable(): string {
  const rows = KRUISE_FEATURE_GATES.map((gate) => `| \`${gate.name}\` | ${gate.default} | ${gate.description} |`);
  return ['| gate | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
