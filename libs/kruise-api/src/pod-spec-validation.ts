// Kubernetes' ValidatePodSpec, the part shared by Pods and pod templates (workloads' and subsets'):
// volumes (with a workload's claim templates among them), containers and their names, images, ports,
// mounts and resources, and the pod-level fields a mistake lands in. Template-only rules (restartPolicy
// Always, no activeDeadlineSeconds) are the workloads'; Pod-only ones are pod-validation.ts's. Paths and
// messages are the apiserver's.
import {
  FieldPath, duplicateField, invalidField, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, nonNegativeInteger, notFoundField,
  notSupportedField, requiredField, validateLabels, type FieldError,
} from './field-errors.js';
import { validateResourceRequirements } from './resources-validation.js';
import { validateTolerations } from './tolerations-validation.js';
import { isNonEmptyString, isObject, isSet, list, type Obj } from './value-shape.js';

export interface PodSpecContext {
  /** A workload's volumeClaimTemplates, which its pods get as volumes, and where they are written. */
  claimTemplates?: unknown[];
  claimsPath?: FieldPath;
  /** The detail of `containers: Required value` (a template can tell where misplaced containers went). */
  missingContainers?: string;
}

const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];

export function validatePodSpec(spec: Obj, path: FieldPath, context: PodSpecContext = {}): FieldError[] {
  const errors: FieldError[] = [];
  const volumeNames = validateVolumes(spec['volumes'], context.claimTemplates ?? [], path.child('volumes'), context.claimsPath ?? path.child('volumes'), errors);
  const containers = spec['containers'];
  if (!Array.isArray(containers) || containers.length === 0) errors.push(requiredField(path.child('containers'), context.missingContainers ?? ''));
  const containerNames = new Set<string>();
  errors.push(...validateContainers(spec['initContainers'], path.child('initContainers'), volumeNames, containerNames));
  errors.push(...validateContainers(containers, path.child('containers'), volumeNames, containerNames));
  const dnsPolicy = spec['dnsPolicy'];
  if (isSet(dnsPolicy) && dnsPolicy !== '' && !DNS_POLICIES.includes(dnsPolicy as string)) {
    errors.push(notSupportedField(path.child('dnsPolicy'), dnsPolicy, DNS_POLICIES));
  }
  // Kubernetes itself lets a negative grace period through and stores 1 instead (a pod would otherwise
  // be killed at once); Coxswain refuses it, with ValidateNonnegativeField's words.
  const grace = spec['terminationGracePeriodSeconds'];
  if (isSet(grace)) errors.push(...nonNegativeInteger(grace, path.child('terminationGracePeriodSeconds')));
  errors.push(...validateLabels(spec['nodeSelector'], path.child('nodeSelector')));
  if (isSet(spec['tolerations'])) errors.push(...validateTolerations(spec['tolerations'], path.child('tolerations')));
  list(spec['readinessGates']).forEach((gate, i) => {
    const type = isObject(gate) ? gate['conditionType'] : undefined;
    const at = path.child('readinessGates').index(i).child('conditionType');
    for (const problem of isQualifiedName(typeof type === 'string' ? type : '')) errors.push(invalidField(at, type ?? '', problem));
  });
  for (const field of ['hostname', 'subdomain']) {
    const value = spec[field];
    if (isNonEmptyString(value)) for (const problem of isDNS1123Label(value)) errors.push(invalidField(path.child(field), value, problem));
  }
  const nodeName = spec['nodeName'];
  if (isNonEmptyString(nodeName)) for (const problem of isDNS1123Subdomain(nodeName)) errors.push(invalidField(path.child('nodeName'), nodeName, problem));
  return errors;
}

/** Template volumes plus one claim volume per volumeClaimTemplate (as Kruise validates them); returns all names. */
function validateVolumes(volumes: unknown, claimTemplates: unknown[], path: FieldPath, claimsPath: FieldPath, errors: FieldError[]): Set<string> {
  const names = new Set<string>();
  const check = (name: unknown, namePath: FieldPath) => {
    if (!isNonEmptyString(name)) return errors.push(requiredField(namePath, ''));
    for (const problem of isDNS1123Label(name)) errors.push(invalidField(namePath, name, problem));
    if (names.has(name)) errors.push(duplicateField(namePath, name));
    names.add(name);
  };
  list(volumes).forEach((volume, i) => check(isObject(volume) ? volume['name'] : undefined, path.index(i).child('name')));
  claimTemplates.forEach((claim, i) => {
    const metadata = isObject(claim) ? claim['metadata'] : undefined;
    check(isObject(metadata) ? metadata['name'] : undefined, claimsPath.index(i).child('metadata', 'name'));
  });
  return names;
}

function validateContainers(containers: unknown, path: FieldPath, volumeNames: Set<string>, names: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  list(containers).forEach((container, i) => {
    const at = path.index(i);
    if (!isObject(container)) return errors.push(invalidField(at, container, 'must be a container object'));
    const name = container['name'];
    if (!isNonEmptyString(name)) errors.push(requiredField(at.child('name'), ''));
    else {
      for (const problem of isDNS1123Label(name)) errors.push(invalidField(at.child('name'), name, problem));
      if (names.has(name)) errors.push(duplicateField(at.child('name'), name));
      names.add(name);
    }
    if (!isNonEmptyString(container['image'])) errors.push(requiredField(at.child('image'), ''));
    const pullPolicy = container['imagePullPolicy'];
    if (isSet(pullPolicy) && pullPolicy !== '' && !PULL_POLICIES.includes(pullPolicy as string)) {
      errors.push(notSupportedField(at.child('imagePullPolicy'), pullPolicy, PULL_POLICIES));
    }
    list(container['env']).forEach((env, j) => {
      if (isObject(env) && !isNonEmptyString(env['name'])) errors.push(requiredField(at.child('env').index(j).child('name'), ''));
    });
    errors.push(...validatePorts(container['ports'], at.child('ports')));
    errors.push(...validateVolumeMounts(container['volumeMounts'], at.child('volumeMounts'), volumeNames));
    errors.push(...validateResourceRequirements(container['resources'], at.child('resources')));
    return undefined;
  });
  return errors;
}

function validatePorts(ports: unknown, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  list(ports).forEach((port, i) => {
    const at = path.index(i);
    if (!isObject(port)) return errors.push(invalidField(at, port, 'must be a port object'));
    const number = port['containerPort'];
    if (!isSet(number) || number === 0) errors.push(requiredField(at.child('containerPort'), ''));
    else if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > 65535) {
      errors.push(invalidField(at.child('containerPort'), number, 'must be between 1 and 65535, inclusive'));
    }
    const protocol = port['protocol'];
    if (isSet(protocol) && protocol !== '' && !PROTOCOLS.includes(protocol as string)) {
      errors.push(notSupportedField(at.child('protocol'), protocol, PROTOCOLS));
    }
    return undefined;
  });
  return errors;
}

function validateVolumeMounts(mounts: unknown, path: FieldPath, volumeNames: Set<string>): FieldError[] {
  const errors: FieldError[] = [];
  const mountPaths = new Set<string>();
  list(mounts).forEach((mount, i) => {
    const at = path.index(i);
    if (!isObject(mount)) return errors.push(invalidField(at, mount, 'must be a volume mount object'));
    const name = mount['name'];
    if (!isNonEmptyString(name)) errors.push(requiredField(at.child('name'), ''));
    else if (!volumeNames.has(name)) errors.push(notFoundField(at.child('name'), name, 'no volume or volumeClaimTemplate has this name'));
    const mountPath = mount['mountPath'];
    if (!isNonEmptyString(mountPath)) errors.push(requiredField(at.child('mountPath'), ''));
    else if (mountPaths.has(mountPath)) errors.push(invalidField(at.child('mountPath'), mountPath, 'must be unique'));
    else mountPaths.add(mountPath);
    return undefined;
  });
  return errors;
}
