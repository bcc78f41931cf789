// Validation of ImagePullJob, NodeImage and ContainerRecreateRequest as Kruise's webhooks do it
// (docs/spec/image-pull.md §2.2, §2.4, §2.5). Kruise answers with the first rule that fails, as a plain
// message; these report every rule that fails, each as a field error whose detail is Kruise's message
// (`spec.image: Required value: image can not be empty`). The feature gates (KruiseDaemon,
// ImagePullJobGate) are the caller's to check: imagePullAdmissionGateProblem words their refusal.
// Input arrives from YAML and may have any shape, so every field is checked for its type before use,
// and nothing here throws.
import type { Node, Pod } from './core.js';
import { jsonEqual } from './cloneset-defaults.js';
import type { FeatureGateName, FeatureGates } from './feature-gates.js';
import { duplicateField, FieldPath, forbiddenField, invalidField, notFoundField, requiredField, type FieldError } from './field-errors.js';
import { podContainer, podContainerStatus } from './image-pull-defaults.js';
import {
  CONDITION_SIDECAR_TERMINATED, CRR_UNREADY_ACQUIRED, LABEL_CRR_NODE_NAME, LABEL_CRR_POD_UID, type ContainerRecreateRequest, type ImagePullJob,
  type NodeImage,
} from './image-pull.js';
import { normalizeImageReference } from './image-reference.js';
import { Selector, SelectorParseError } from './labels.js';
import type { LabelSelector } from './meta.js';
import { isObject, isSet, type Obj } from './value-shape.js';

/** Kruise's bound on images per NodeImage (defaultMaxImagesPerNode). */
export const MAX_IMAGES_PER_NODE = 256;
/** The shortest activeDeadlineSeconds a CRR may have (minDeadlineSeconds). */
export const MIN_CRR_DEADLINE_SECONDS = 3;
const DEFAULT_TIMEOUT_SECONDS = 600;
const INT32_MAX = 2147483647;
const INT32_MIN = -2147483648;

/** Go's nil for a decoded JSON field: absent or null. `[]` and `{}` are not nil. */
function nil(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Equality of two decoded JSON values as reflect.DeepEqual sees them (null and absent are both nil). */
function deepEqualDecoded(a: unknown, b: unknown): boolean {
  return nil(a) ? nil(b) : !nil(b) && jsonEqual(a, b);
}

/** Go's %q of a string, close enough for messages: JSON's quoting. */
function quote(text: string): string {
  return JSON.stringify(text);
}

/** The reason metav1.LabelSelectorAsSelector gives for a selector, or undefined when it is valid. */
function labelSelectorProblem(selector: Obj): string | undefined {
  const matchLabels = selector['matchLabels'];
  const matchExpressions = selector['matchExpressions'];
  if (!nil(matchLabels) && !isObject(matchLabels)) return 'matchLabels must be a map of strings';
  if (isObject(matchLabels) && Object.values(matchLabels).some((v) => typeof v !== 'string')) return 'matchLabels must be a map of strings';
  if (!nil(matchExpressions) && !Array.isArray(matchExpressions)) return 'matchExpressions must be a list';
  for (const expr of Array.isArray(matchExpressions) ? matchExpressions : []) {
    if (!isObject(expr) || (!nil(expr['key']) && typeof expr['key'] !== 'string') || typeof expr['operator'] !== 'string') {
      return 'each matchExpressions entry needs a key and an operator';
    }
    const values = expr['values'];
    if (!nil(values) && (!Array.isArray(values) || values.some((v) => typeof v !== 'string'))) return 'matchExpressions values must be strings';
  }
  try {
    Selector.fromLabelSelector(selector as LabelSelector);
    return undefined;
  } catch (error) {
    if (error instanceof SelectorParseError) return error.reason;
    return String(error);
  }
}

/** An int32 as Go's strconv.ParseInt(s, 10, 32) reads it, or its error. */
function parseInt32(text: string): { value: number } | { error: string } {
  if (!/^[+-]?[0-9]+$/.test(text)) return { error: `strconv.ParseInt: parsing ${quote(text)}: invalid syntax` };
  const value = Number(text);
  if (value > INT32_MAX || value < INT32_MIN) return { error: `strconv.ParseInt: parsing ${quote(text)}: value out of range` };
  return { value };
}

export interface ImagePullJobValidationOptions {
  /** The stored job on UPDATE (either version); absent on CREATE. */
  old?: ImagePullJob;
}

/** The validating webhook's rules 3–16 (docs/spec/image-pull.md §2.2), for a job already defaulted. */
export function validateImagePullJob(job: ImagePullJob, options: ImagePullJobValidationOptions = {}): FieldError[] {
  const errors: FieldError[] = [];
  const specPath = FieldPath.of('spec');
  const spec: Obj = isObject((job as unknown as Obj)['spec']) ? ((job as unknown as Obj)['spec'] as Obj) : {};

  if (options.old !== undefined) {
    const old = isObject((options.old as unknown as Obj)['spec']) ? ((options.old as unknown as Obj)['spec'] as Obj) : {};
    if (!deepEqualDecoded(spec['pullSecrets'], old['pullSecrets'])) errors.push(forbiddenField(specPath.child('pullSecrets'), 'spec.pullSecrets is immutable'));
  }

  const selector = spec['selector'];
  const selectorPath = specPath.child('selector');
  if (isObject(selector)) {
    const hasLabelSelector = !nil(selector['matchLabels']) || !nil(selector['matchExpressions']);
    if (hasLabelSelector) {
      if (!nil(selector['names'])) errors.push(forbiddenField(selectorPath.child('names'), 'can not set both names and labelSelector in this spec.selector'));
      const problem = labelSelectorProblem(selector);
      if (problem !== undefined) errors.push(invalidField(selectorPath, selector, `invalid selector: ${problem}`));
    }
    const names = selector['names'];
    if (Array.isArray(names)) {
      const seen = new Set<unknown>();
      names.forEach((name, i) => {
        if (seen.has(name)) errors.push({ ...duplicateField(selectorPath.child('names').index(i), name), message: 'duplicated name in selector names' });
        seen.add(name);
      });
    }
  }
  const podSelector = spec['podSelector'];
  if (isObject(podSelector)) {
    if (!nil(selector)) errors.push(forbiddenField(specPath.child('podSelector'), 'can not set both selector and podSelector'));
    const problem = labelSelectorProblem(podSelector);
    if (problem !== undefined) errors.push(invalidField(specPath.child('podSelector'), podSelector, `invalid podSelector: ${problem}`));
  }

  const image = spec['image'];
  const imagePath = specPath.child('image');
  if (typeof image !== 'string' || image === '') {
    errors.push(requiredField(imagePath, 'image can not be empty'));
  } else {
    const parsed = normalizeImageReference(image);
    if (!parsed.ok) errors.push(invalidField(imagePath, image, `invalid image ${image}: ${parsed.error}`));
  }

  errors.push(...validateParallelism(spec['parallelism'], specPath.child('parallelism')));
  errors.push(...validateCompletionPolicy(spec, specPath));
  return errors;
}

function validateParallelism(parallelism: unknown, path: FieldPath): FieldError[] {
  if (nil(parallelism)) return [];
  if (typeof parallelism === 'string') {
    if (parallelism.endsWith('%')) return [invalidField(path, parallelism, 'parallelism does not support percentage value')];
    const parsed = parseInt32(parallelism);
    if ('error' in parsed) return [invalidField(path, parallelism, `parallelism must be a valid integer: ${parsed.error}`)];
    return parsed.value < 0 ? [invalidField(path, parallelism, 'parallelism must be non-negative')] : [];
  }
  if (typeof parallelism !== 'number' || !Number.isInteger(parallelism)) return [invalidField(path, parallelism, 'parallelism must be an integer')];
  return parallelism < 0 ? [invalidField(path, parallelism, 'parallelism must be non-negative')] : [];
}

function validateCompletionPolicy(spec: Obj, specPath: FieldPath): FieldError[] {
  const path = specPath.child('completionPolicy');
  const policy: Obj = isObject(spec['completionPolicy']) ? spec['completionPolicy'] : {};
  const type = nil(policy['type']) ? '' : policy['type'];
  const deadline = policy['activeDeadlineSeconds'];
  const ttl = policy['ttlSecondsAfterFinished'];
  if (type === 'Always') {
    const pull = isObject(spec['pullPolicy']) ? spec['pullPolicy'] : {};
    const timeout = typeof pull['timeoutSeconds'] === 'number' ? pull['timeoutSeconds'] : DEFAULT_TIMEOUT_SECONDS;
    if (typeof deadline === 'number' && timeout > deadline) {
      return [invalidField(path.child('activeDeadlineSeconds'), deadline, 'completionPolicy.activeDeadlineSeconds must be greater than pullPolicy.timeoutSeconds(default 600)')];
    }
    return [];
  }
  if (type === 'Never') {
    const message = 'activeDeadlineSeconds and ttlSecondsAfterFinished can only work with Always CompletionPolicyType';
    const errors: FieldError[] = [];
    if (!nil(deadline)) errors.push(forbiddenField(path.child('activeDeadlineSeconds'), message));
    if (!nil(ttl)) errors.push(forbiddenField(path.child('ttlSecondsAfterFinished'), message));
    return errors;
  }
  return [invalidField(path.child('type'), type, `unknown type of completionPolicy: ${typeof type === 'string' ? type : JSON.stringify(type)}`)];
}

/** The validating webhook's rules 2–9 (docs/spec/image-pull.md §2.4): images in name order, tags in order. */
export function validateNodeImage(nodeImage: NodeImage): FieldError[] {
  const errors: FieldError[] = [];
  const root = nodeImage as unknown as Obj;
  const spec = isObject(root['spec']) ? root['spec'] : {};
  const imagesPath = FieldPath.of('spec', 'images');
  const images = isObject(spec['images']) ? spec['images'] : {};
  const names = Object.keys(images).sort();
  if (names.length > MAX_IMAGES_PER_NODE) {
    errors.push(invalidField(imagesPath, names.length, `spec images length ${names.length} can not be more than ${MAX_IMAGES_PER_NODE}`));
  }
  for (const name of names) {
    const imagePath = imagesPath.key(name);
    if (name === '') errors.push(invalidField(imagePath, name, 'image name can not be empty'));
    const image = images[name];
    const tags = isObject(image) && Array.isArray(image['tags']) ? image['tags'] : [];
    const seen = new Set<string>();
    tags.forEach((tagSpec, i) => {
      const tagPath = imagePath.child('tags').index(i);
      const spec: Obj = isObject(tagSpec) ? tagSpec : {};
      const tag = typeof spec['tag'] === 'string' ? spec['tag'] : '';
      if (tag === '') {
        errors.push(requiredField(tagPath.child('tag'), `tag for image ${name} can not be empty`));
        return;
      }
      if (seen.has(tag)) {
        errors.push({ ...duplicateField(tagPath.child('tag'), tag), message: `duplicated tag ${tag} for image ${name}` });
        return;
      }
      seen.add(tag);
      const fullName = `${name}/${tag}`;
      if (nil(spec['createdAt'])) errors.push(requiredField(tagPath.child('createdAt'), `createAt field for ${fullName} can not be empty`));
      if (typeof spec['version'] === 'number' && spec['version'] < 0) {
        errors.push(invalidField(tagPath.child('version'), spec['version'], `version for ${fullName} can not be less than 0`));
      }
      const pull = spec['pullPolicy'];
      if (!isObject(pull)) errors.push(requiredField(tagPath.child('pullPolicy'), `pullPolicy field for ${fullName} must set`));
      else if (nil(pull['ttlSecondsAfterFinished'])) {
        errors.push(requiredField(tagPath.child('pullPolicy', 'ttlSecondsAfterFinished'), `pullPolicy.ttlSecondsAfterFinished for ${fullName} must set`));
      }
    });
  }
  return errors;
}

/**
 * The CRR webhook's CREATE rules that need no pod (docs/spec/image-pull.md §2.5, rules 2 and 4–8), for a
 * request already defaulted (setDefaultsContainerRecreateRequest).
 */
export function validateContainerRecreateRequest(crr: ContainerRecreateRequest): FieldError[] {
  const errors: FieldError[] = [];
  const specPath = FieldPath.of('spec');
  const spec: Obj = isObject((crr as unknown as Obj)['spec']) ? ((crr as unknown as Obj)['spec'] as Obj) : {};
  if (typeof spec['podName'] !== 'string' || spec['podName'] === '') errors.push(requiredField(specPath.child('podName'), 'podName can not be empty'));
  if (!Array.isArray(spec['containers']) || spec['containers'].length === 0) {
    errors.push(requiredField(specPath.child('containers'), 'containers list can not be null'));
  }
  const deadline = spec['activeDeadlineSeconds'];
  if (typeof deadline === 'number' && deadline < MIN_CRR_DEADLINE_SECONDS) {
    errors.push(invalidField(specPath.child('activeDeadlineSeconds'), deadline, `activeDeadlineSeconds can not be less than ${MIN_CRR_DEADLINE_SECONDS}s`));
  }
  const strategyPath = specPath.child('strategy');
  const strategy: Obj = isObject(spec['strategy']) ? spec['strategy'] : {};
  for (const key of ['terminationGracePeriodSeconds', 'unreadyGracePeriodSeconds']) {
    const value = strategy[key];
    if (typeof value === 'number' && value < 0) errors.push(invalidField(strategyPath.child(key), value, `${key} must be non-negative integer`));
  }
  const policy = strategy['failurePolicy'];
  if (!nil(policy) && policy !== '' && policy !== 'Fail' && policy !== 'Ignore') {
    errors.push(invalidField(strategyPath.child('failurePolicy'), policy, `unknown failurePolicy ${typeof policy === 'string' ? policy : JSON.stringify(policy)}`));
  }
  return errors;
}

function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== 'Succeeded' && phase !== 'Failed' && nil(pod.metadata?.deletionTimestamp);
}

function terminatedBySidecarTerminator(pod: Pod): boolean {
  const conditions = pod.status?.conditions;
  return Array.isArray(conditions) && conditions.some((c) => isObject(c) && c['type'] === CONDITION_SIDECAR_TERMINATED);
}

/**
 * The CRR webhook's CREATE rules about the pod, its node and the containers (docs/spec/image-pull.md
 * §2.5, rules 9–12 and 14–18), for the request **as the client wrote it** (before
 * injectPodIntoContainerRecreateRequest fills in the fields clients may not write). `pod` and `node` are
 * those the request names, undefined when there is none.
 */
export function validateContainerRecreateRequestAgainstPod(crr: ContainerRecreateRequest, pod: Pod | undefined, node: Node | undefined): FieldError[] {
  const specPath = FieldPath.of('spec');
  const spec: Obj = isObject((crr as unknown as Obj)['spec']) ? ((crr as unknown as Obj)['spec'] as Obj) : {};
  const podName = typeof spec['podName'] === 'string' ? spec['podName'] : '';
  if (podName === '') return [];
  if (pod === undefined) return [notFoundField(specPath.child('podName'), podName, `no found Pod named ${podName}`)];
  if (!isPodActive(pod) && !terminatedBySidecarTerminator(pod)) {
    return [invalidField(specPath.child('podName'), podName, 'not allowed to recreate containers in an inactive Pod')];
  }
  const nodeName = typeof pod.spec?.nodeName === 'string' ? pod.spec.nodeName : '';
  if (nodeName === '') return [invalidField(specPath.child('podName'), podName, 'not allowed to recreate containers in a pending Pod')];
  if (node === undefined) return [notFoundField(specPath.child('podName'), podName, `failed to get Node ${nodeName}: nodes ${quote(nodeName)} not found`)];

  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const containers = Array.isArray(spec['containers']) ? spec['containers'] : [];
  containers.forEach((raw, i) => {
    const path = specPath.child('containers').index(i);
    const container: Obj = isObject(raw) ? raw : {};
    const name = typeof container['name'] === 'string' ? container['name'] : '';
    if (seen.has(name)) {
      errors.push({ ...duplicateField(path.child('name'), name), message: `can not recreate ${name} multi times` });
      return;
    }
    seen.add(name);
    const readOnly = ['preStop', 'ports', 'statusContext'].filter((key) => !nil(container[key]));
    if (readOnly.length > 0) {
      for (const key of readOnly) errors.push(forbiddenField(path.child(key), 'preStop, ports, statusContext in container are ready-only fields'));
      return;
    }
    if (podContainer(pod, name) === undefined) {
      errors.push(notFoundField(path.child('name'), name, `container ${name} not found in Pod`));
      return;
    }
    const status = podContainerStatus(pod, name);
    if (status === undefined) errors.push(notFoundField(path.child('name'), name, `not found ${name} containerStatus in Pod Status`));
    else if (typeof status['containerID'] !== 'string' || status['containerID'] === '') {
      errors.push(invalidField(path.child('name'), name, `no containerID in ${name} containerStatus, maybe the container has not been initialized`));
    }
  });
  return errors;
}

/** The CRR webhook's UPDATE rules 2–5 (docs/spec/image-pull.md §2.5): what may not change. */
export function validateContainerRecreateRequestUpdate(crr: ContainerRecreateRequest, old: ContainerRecreateRequest): FieldError[] {
  const errors: FieldError[] = [];
  const now = crr as unknown as Obj;
  const before = old as unknown as Obj;
  if (!deepEqualDecoded(now['spec'], before['spec'])) errors.push(forbiddenField(FieldPath.of('spec'), 'spec of ContainerRecreateRequest is immutable'));
  const labels = (o: Obj): Obj => (isObject(o['metadata']) && isObject(o['metadata']['labels']) ? o['metadata']['labels'] : {});
  const annotations = (o: Obj): Obj => (isObject(o['metadata']) && isObject(o['metadata']['annotations']) ? o['metadata']['annotations'] : {});
  for (const key of [LABEL_CRR_POD_UID, LABEL_CRR_NODE_NAME]) {
    if ((labels(now)[key] ?? '') !== (labels(before)[key] ?? '')) {
      errors.push(forbiddenField(FieldPath.of('metadata', 'labels').key(key), `not allowed to update immutable label ${key}`));
    }
  }
  const acquired = annotations(before)[CRR_UNREADY_ACQUIRED] ?? '';
  if (acquired !== '' && (annotations(now)[CRR_UNREADY_ACQUIRED] ?? '') !== acquired) {
    errors.push(forbiddenField(FieldPath.of('metadata', 'annotations').key(CRR_UNREADY_ACQUIRED), `not allowed to update immutable annotation ${CRR_UNREADY_ACQUIRED}`));
  }
  return errors;
}

/** The kinds whose webhooks check feature gates first (docs/spec/image-pull.md §2.2, §2.4, §2.5). */
export type ImagePullKind = 'ImagePullJob' | 'NodeImage' | 'ContainerRecreateRequest';

/**
 * Why Kruise's webhook for `kind` refuses every write with these gates (HTTP 403), or undefined: `feature-gate
 * KruiseDaemon is not enabled`, and for ImagePullJob `feature-gate ImagePullJobGate is not enabled`.
 */
export function imagePullAdmissionGateProblem(kind: ImagePullKind, gates: FeatureGates): string | undefined {
  const required: FeatureGateName[] = kind === 'ImagePullJob' ? ['KruiseDaemon', 'ImagePullJobGate'] : ['KruiseDaemon'];
  const off = required.find((gate) => !gates.enabled(gate));
  return off === undefined ? undefined : `feature-gate ${off} is not enabled`;
}
