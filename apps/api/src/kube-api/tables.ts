// Table answers (meta.k8s.io/v1 Table): what `kubectl get` prints. Built-in kinds get the columns
// kubectl shows against a real cluster (k8s.io/kubernetes pkg/printers), Kruise kinds their CRDs'
// printer columns (apiextensions-apiserver's table convertor: the first value a column's JSONPath
// selects; dates as ages). Every column is sent; kubectl shows those with priority above 0 only with
// `-o wide`.
import { humanAge } from '@coxswain/kruise-api/human-age';
import { kruisePrinterColumns, Selector, type KubeObject, type LabelSelector, type PrinterColumn } from '@coxswain/kruise-api';
import { selectAll } from './json-path.js';
import type { ServedResource } from './served-resources.js';

export interface ColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

type Cell = string | number | boolean | null;
type AnyObject = Record<string, any>;

interface Printer {
  columns: ColumnDefinition[];
  cells(object: AnyObject, now: number): Cell[];
}

function column(name: string, description: string, options: { type?: string; format?: string; priority?: number } = {}): ColumnDefinition {
  return { name, type: options.type ?? 'string', format: options.format ?? '', description, priority: options.priority ?? 0 };
}

const NAME = column('Name', 'Name must be unique within a namespace.', { format: 'name' });
const AGE = column('Age', 'CreationTimestamp is a timestamp representing the server time when this object was created.');

/** kubectl's translateTimestampSince: the age of an RFC 3339 time, "<unknown>" when absent. */
export function since(timestamp: string | undefined, now: number): string {
  if (!timestamp) return '<unknown>';
  const at = Date.parse(timestamp);
  return Number.isNaN(at) ? '<unknown>' : humanAge(now - at);
}

function podCells(pod: AnyObject, now: number): Cell[] {
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const containers: AnyObject[] = spec.containers ?? [];
  let total = containers.length;
  let ready = 0;
  let restarts = 0;
  let lastRestart = 0;
  const phase: string = status.phase ?? '';
  let reason: string = status.reason || phase;
  if ((status.conditions ?? []).some((c: AnyObject) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) reason = 'SchedulingGated';
  const noteRestart = (c: AnyObject) => {
    restarts += c.restartCount ?? 0;
    const finished = c.lastState?.terminated?.finishedAt;
    if (finished && Date.parse(finished) > lastRestart) lastRestart = Date.parse(finished);
  };

  const initSpecs: AnyObject[] = spec.initContainers ?? [];
  let initializing = false;
  for (const [i, c] of (status.initContainerStatuses ?? []).entries() as IterableIterator<[number, AnyObject]>) {
    noteRestart(c);
    const sidecar = initSpecs.find((s) => s.name === c.name)?.restartPolicy === 'Always';
    if (sidecar) {
      total++;
      if (c.started && c.ready) ready++;
      continue;
    }
    const terminated = c.state?.terminated;
    const waiting = c.state?.waiting;
    if (terminated && terminated.exitCode === 0) continue;
    if (terminated) reason = terminated.reason ? `Init:${terminated.reason}` : terminated.signal ? `Init:Signal:${terminated.signal}` : `Init:ExitCode:${terminated.exitCode}`;
    else if (waiting?.reason && waiting.reason !== 'PodInitializing') reason = `Init:${waiting.reason}`;
    else reason = `Init:${i}/${initSpecs.length}`;
    initializing = true;
    break;
  }
  const initialized = (status.conditions ?? []).some((c: AnyObject) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initialized) {
    let running = false;
    const statuses: AnyObject[] = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i]!;
      noteRestart(c);
      const waiting = c.state?.waiting;
      const terminated = c.state?.terminated;
      if (waiting?.reason) reason = waiting.reason;
      else if (terminated?.reason) reason = terminated.reason;
      else if (terminated) reason = terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode}`;
      else if (c.ready && c.state?.running) {
        running = true;
        ready++;
      }
    }
    if (reason === 'Completed' && running) {
      reason = (status.conditions ?? []).some((c: AnyObject) => c.type === 'Ready' && c.status === 'True') ? 'Running' : 'NotReady';
    }
  }
  if (pod.metadata.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';

  const restartsText = restarts !== 0 && lastRestart > 0 ? `${restarts} (${humanAge(now - lastRestart)} ago)` : String(restarts);
  const gates: AnyObject[] = spec.readinessGates ?? [];
  let readinessGates = '<none>';
  if (gates.length > 0) {
    const trueConditions = gates.filter((g) => (status.conditions ?? []).find((c: AnyObject) => c.type === g.conditionType)?.status === 'True').length;
    readinessGates = `${trueConditions}/${gates.length}`;
  }
  return [
    pod.metadata.name, `${ready}/${total}`, reason, restartsText, since(pod.metadata.creationTimestamp, now),
    status.podIPs?.[0]?.ip || status.podIP || '<none>', spec.nodeName || '<none>', status.nominatedNodeName || '<none>', readinessGates,
  ];
}

function nodeCells(node: AnyObject, now: number): Cell[] {
  const conditions: AnyObject[] = node.status?.conditions ?? [];
  const ready = conditions.find((c) => c.type === 'Ready');
  const states = [!ready ? 'Unknown' : ready.status === 'True' ? 'Ready' : 'NotReady'];
  if (node.spec?.unschedulable) states.push('SchedulingDisabled');
  const roles = Object.keys(node.metadata.labels ?? {})
    .filter((k) => k.startsWith('node-role.kubernetes.io/'))
    .map((k) => k.slice('node-role.kubernetes.io/'.length))
    .filter(Boolean);
  const address = (type: string) => (node.status?.addresses ?? []).find((a: AnyObject) => a.type === type)?.address || '<none>';
  const info = node.status?.nodeInfo ?? {};
  return [
    node.metadata.name, states.join(','), roles.length ? roles.sort().join(',') : '<none>', since(node.metadata.creationTimestamp, now), info.kubeletVersion ?? '',
    address('InternalIP'), address('ExternalIP'), info.osImage || '<unknown>', info.kernelVersion || '<unknown>', info.containerRuntimeVersion || '<unknown>',
  ];
}

const ACCESS_MODES: [string, string][] = [['ReadWriteOnce', 'RWO'], ['ReadOnlyMany', 'ROX'], ['ReadWriteMany', 'RWX'], ['ReadWriteOncePod', 'RWOP']];

/** helper.GetAccessModesAsString: the modes present, abbreviated, always in this order. */
function accessModes(modes: readonly string[] | undefined): string {
  return ACCESS_MODES.filter(([mode]) => (modes ?? []).includes(mode)).map(([, short]) => short).join(',');
}

function storageClassOf(object: AnyObject): string {
  return object.spec?.storageClassName ?? object.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';
}

function pvcCells(pvc: AnyObject, now: number): Cell[] {
  const phase = pvc.metadata.deletionTimestamp ? 'Terminating' : (pvc.status?.phase ?? 'Pending');
  const bound = pvc.spec?.volumeName;
  const capacity = bound ? (pvc.status?.capacity?.storage ?? '') : '';
  const modes = bound ? accessModes(pvc.status?.accessModes) : '';
  const storageClass = storageClassOf(pvc);
  return [
    pvc.metadata.name, phase, bound ?? '', capacity, modes, storageClass, pvc.spec?.volumeAttributesClassName ?? '<unset>',
    since(pvc.metadata.creationTimestamp, now), pvc.spec?.volumeMode ?? '<unset>',
  ];
}

function pvCells(pv: AnyObject, now: number): Cell[] {
  const claim = pv.spec?.claimRef ? `${pv.spec.claimRef.namespace ?? ''}/${pv.spec.claimRef.name ?? ''}` : '';
  const phase = pv.metadata.deletionTimestamp ? 'Terminating' : (pv.status?.phase ?? '');
  return [
    pv.metadata.name, String(pv.spec?.capacity?.storage ?? ''), accessModes(pv.spec?.accessModes), pv.spec?.persistentVolumeReclaimPolicy ?? '', phase, claim,
    storageClassOf(pv), pv.spec?.volumeAttributesClassName ?? '<unset>', pv.status?.reason ?? '', since(pv.metadata.creationTimestamp, now),
    pv.spec?.volumeMode ?? '<unset>',
  ];
}

function eventCells(event: AnyObject, now: number): Cell[] {
  const first = event.firstTimestamp ?? event.eventTime ?? event.metadata.creationTimestamp;
  const last = event.lastTimestamp ?? event.eventTime ?? first;
  const count = event.count ?? 1;
  const lastSeen = count > 1 ? `${since(last, now)} (x${count} over ${since(first, now)})` : since(last, now);
  const involved = event.involvedObject ?? {};
  const source = [event.source?.component ?? event.reportingComponent, event.source?.host].filter(Boolean).join(', ');
  return [
    lastSeen, event.type ?? '', event.reason ?? '', `${String(involved.kind ?? '').toLowerCase()}/${involved.name ?? ''}`,
    involved.fieldPath ?? '', source, event.message ?? '', since(first, now), count, event.metadata.name,
  ];
}

function controllerRevisionCells(revision: AnyObject, now: number): Cell[] {
  const owner = (revision.metadata.ownerReferences ?? []).find((o: AnyObject) => o.controller);
  let controller = '<none>';
  if (owner) {
    const slash = String(owner.apiVersion).indexOf('/');
    const group = slash < 0 ? '' : String(owner.apiVersion).slice(0, slash);
    controller = `${(group ? `${owner.kind}.${group}` : owner.kind).toLowerCase()}/${owner.name}`;
  }
  return [revision.metadata.name, controller, revision.revision ?? 0, since(revision.metadata.creationTimestamp, now)];
}

function containerList(spec: AnyObject | undefined, field: 'name' | 'image'): string {
  return (spec?.template?.spec?.containers ?? []).map((c: AnyObject) => c[field]).join(',');
}

/** labels.Selector's String() of a spec.selector, as kubectl's SELECTOR column prints it. */
function selectorText(selector: LabelSelector | undefined): string {
  if (!selector) return '';
  try {
    return Selector.fromLabelSelector(selector).toString();
  } catch {
    return '';
  }
}

const CONTAINERS = column('Containers', 'Names of each container in the template.', { priority: 1 });
const IMAGES = column('Images', 'Images referenced by each container in the template.', { priority: 1 });

const PRINTERS: Record<string, Printer> = {
  Pod: {
    columns: [
      NAME,
      column('Ready', 'The aggregate readiness state of this pod for accepting traffic.'),
      column('Status', 'The aggregate status of the containers in this pod.'),
      column('Restarts', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
      AGE,
      column('IP', 'IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.', { priority: 1 }),
      column('Node', 'NodeName is a request to schedule this pod onto a specific node.', { priority: 1 }),
      column('Nominated Node', 'nominatedNodeName is set only when this pod preempts other pods on the node.', { priority: 1 }),
      column('Readiness Gates', 'If specified, all readiness gates will be evaluated for pod readiness.', { priority: 1 }),
    ],
    cells: podCells,
  },
  Node: {
    columns: [
      NAME,
      column('Status', 'The status of the node'),
      column('Roles', 'The roles of the node'),
      AGE,
      column('Version', 'Kubelet Version reported by the node.'),
      column('Internal-IP', 'List of addresses reachable to the node.', { priority: 1 }),
      column('External-IP', 'List of addresses reachable to the node.', { priority: 1 }),
      column('OS-Image', 'OS Image reported by the node from /etc/os-release.', { priority: 1 }),
      column('Kernel-Version', 'Kernel Version reported by the node.', { priority: 1 }),
      column('Container-Runtime', 'ContainerRuntime Version reported by the node through runtime remote API.', { priority: 1 }),
    ],
    cells: nodeCells,
  },
  Namespace: {
    columns: [NAME, column('Status', 'The status of the namespace'), AGE],
    cells: (ns, now) => [ns.metadata.name, ns.metadata.deletionTimestamp ? 'Terminating' : (ns.status?.phase ?? 'Active'), since(ns.metadata.creationTimestamp, now)],
  },
  PersistentVolumeClaim: {
    columns: [
      NAME,
      column('Status', 'Phase represents the current phase of PersistentVolumeClaim.'),
      column('Volume', 'VolumeName is the binding reference to the PersistentVolume backing this claim.'),
      column('Capacity', 'Represents the actual resources of the underlying volume.'),
      column('Access Modes', 'AccessModes contains the desired access modes the volume should have.'),
      column('StorageClass', 'StorageClassName is the name of the StorageClass required by the claim.'),
      column('VolumeAttributesClass', 'VolumeAttributesClassName may be used to set the VolumeAttributesClass used by this claim.'),
      AGE,
      column('VolumeMode', 'volumeMode defines what type of volume is required by the claim.', { priority: 1 }),
    ],
    cells: pvcCells,
  },
  PersistentVolume: {
    columns: [
      NAME,
      column('Capacity', 'capacity is the description of the persistent volume\'s resources and capacity.'),
      column('Access Modes', 'accessModes contains all ways the volume can be mounted.'),
      column('Reclaim Policy', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'),
      column('Status', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'),
      column('Claim', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
      column('StorageClass', 'StorageClass of the pv'),
      column('VolumeAttributesClass', 'VolumeAttributesClass of the pv'),
      column('Reason', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
      AGE,
      column('VolumeMode', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', { priority: 1 }),
    ],
    cells: pvCells,
  },
  Event: {
    columns: [
      column('Last Seen', 'The last time this event was seen.'),
      column('Type', 'Type of this event (Normal, Warning).'),
      column('Reason', 'This should be a short, machine understandable string that gives the reason for this event being generated.'),
      column('Object', 'The object that this event is about.'),
      column('Subobject', 'The subobject that this event is about.', { priority: 1 }),
      column('Source', 'The component reporting this event.', { priority: 1 }),
      column('Message', 'A human-readable description of the status of this operation.'),
      column('First Seen', 'The first time this event was seen.', { priority: 1 }),
      column('Count', 'The number of times this event has occurred.', { priority: 1 }),
      column('Name', 'Name must be unique within a namespace.', { priority: 1, format: 'name' }),
    ],
    cells: eventCells,
  },
  ControllerRevision: {
    columns: [NAME, column('Controller', 'Controller of the object'), column('Revision', 'Revision indicates the revision of the state represented by Data.', { type: 'integer' }), AGE],
    cells: controllerRevisionCells,
  },
  'StatefulSet.apps': {
    columns: [
      NAME,
      column('Ready', 'Number of the pod with ready state'),
      AGE,
      CONTAINERS,
      IMAGES,
    ],
    cells: (set, now) => [
      set.metadata.name, `${set.status?.readyReplicas ?? 0}/${set.spec?.replicas ?? 1}`, since(set.metadata.creationTimestamp, now),
      containerList(set.spec, 'name'), containerList(set.spec, 'image'),
    ],
  },
  'Deployment.apps': {
    columns: [
      NAME,
      column('Ready', 'Number of the pod with ready state'),
      column('Up-to-date', 'Total number of non-terminated pods targeted by this deployment that have the desired template spec.'),
      column('Available', 'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.'),
      AGE,
      CONTAINERS,
      IMAGES,
      column('Selector', 'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.', { priority: 1 }),
    ],
    cells: (d, now) => [
      d.metadata.name, `${d.status?.readyReplicas ?? 0}/${d.spec?.replicas ?? 1}`, d.status?.updatedReplicas ?? 0, d.status?.availableReplicas ?? 0,
      since(d.metadata.creationTimestamp, now), containerList(d.spec, 'name'), containerList(d.spec, 'image'), selectorText(d.spec?.selector),
    ],
  },
  'ReplicaSet.apps': {
    columns: [
      NAME,
      column('Desired', 'Replicas is the number of desired replicas.', { type: 'integer' }),
      column('Current', 'Replicas is the most recently observed number of replicas.', { type: 'integer' }),
      column('Ready', 'The number of ready replicas for this replica set.', { type: 'integer' }),
      AGE,
      CONTAINERS,
      IMAGES,
      column('Selector', 'Selector is a label query over pods that should match the replica count.', { priority: 1 }),
    ],
    cells: (rs, now) => [
      rs.metadata.name, rs.spec?.replicas ?? 1, rs.status?.replicas ?? 0, rs.status?.readyReplicas ?? 0, since(rs.metadata.creationTimestamp, now),
      containerList(rs.spec, 'name'), containerList(rs.spec, 'image'), selectorText(rs.spec?.selector),
    ],
  },
  'Secret': {
    columns: [NAME, column('Type', 'The type of the secret.'), column('Data', 'The number of keys in the secret.', { type: 'integer' }), AGE],
    cells: (secret, now) => [secret.metadata.name, secret.type ?? 'Opaque', Object.keys(secret.data ?? {}).length, since(secret.metadata.creationTimestamp, now)],
  },
  'MutatingWebhookConfiguration.admissionregistration.k8s.io': {
    columns: [NAME, column('Webhooks', 'The number of webhooks in the configuration.', { type: 'integer' }), AGE],
    cells: (config, now) => [config.metadata.name, (config.webhooks ?? []).length, since(config.metadata.creationTimestamp, now)],
  },
  'ValidatingWebhookConfiguration.admissionregistration.k8s.io': {
    columns: [NAME, column('Webhooks', 'The number of webhooks in the configuration.', { type: 'integer' }), AGE],
    cells: (config, now) => [config.metadata.name, (config.webhooks ?? []).length, since(config.metadata.creationTimestamp, now)],
  },
  'Lease.coordination.k8s.io': {
    columns: [NAME, column('Holder', 'HolderIdentity is the identity of the holder of a current lease.'), AGE],
    cells: (lease, now) => [lease.metadata.name, lease.spec?.holderIdentity ?? '', since(lease.metadata.creationTimestamp, now)],
  },
  'CustomResourceDefinition.apiextensions.k8s.io': {
    columns: [NAME, column('Created At', 'CreationTimestamp is a timestamp representing the server time when this object was created.', { type: 'date' })],
    cells: (crd) => [crd.metadata.name, crd.metadata.creationTimestamp ? new Date(crd.metadata.creationTimestamp).toISOString().replace(/\.\d{3}Z$/, 'Z') : null],
  },
};

/** A CRD printer column's cell, as apiextensions-apiserver computes it. */
function customCell(object: AnyObject, col: PrinterColumn, now: number): Cell {
  const value = selectAll(object, col.jsonPath)[0];
  if (value === undefined || value === null) return null;
  switch (col.type) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      return typeof value === 'string' ? (Number.isNaN(Date.parse(value)) ? '<invalid>' : humanAge(now - Date.parse(value))) : null;
  }
  return null;
}

function customPrinter(columns: readonly PrinterColumn[]): Printer {
  return {
    columns: [NAME, ...columns.map((c) => column(c.name, c.description ?? '', { type: c.type, format: c.format, priority: c.priority }))],
    cells: (object, now) => [object.metadata.name, ...columns.map((c) => customCell(object, c, now))],
  };
}

const DEFAULT_PRINTER: Printer = {
  columns: [NAME, AGE],
  cells: (object, now) => [object.metadata.name, since(object.metadata.creationTimestamp, now)],
};

function printerFor(resource: ServedResource): Printer {
  const key = resource.group ? `${resource.kind}.${resource.group}` : resource.kind;
  const custom = kruisePrinterColumns(resource.group, resource.kind, resource.version);
  return PRINTERS[key] ?? (custom ? customPrinter(custom) : DEFAULT_PRINTER);
}

function rowObject(object: KubeObject, include: IncludeObject): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return object;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata };
}

export interface TableOptions {
  version: 'v1' | 'v1beta1';
  include: IncludeObject;
  /** Column definitions are sent with the first table of a watch only. */
  withColumns: boolean;
  resourceVersion?: string;
  continue?: string;
}

export function toTable(resource: ServedResource, objects: readonly KubeObject[], now: number, options: TableOptions): unknown {
  const printer = printerFor(resource);
  return {
    kind: 'Table',
    apiVersion: `meta.k8s.io/${options.version}`,
    metadata: {
      ...(options.resourceVersion ? { resourceVersion: options.resourceVersion } : {}),
      ...(options.continue ? { continue: options.continue } : {}),
    },
    columnDefinitions: options.withColumns ? printer.columns : [],
    rows: objects.map((object) => {
      const obj = rowObject(object, options.include);
      return { cells: printer.cells(object as AnyObject, now), ...(obj === undefined ? {} : { object: obj }) };
    }),
  };
}

export function tableContentType(version: 'v1' | 'v1beta1'): string {
  return `application/json;as=Table;v=${version};g=meta.k8s.io`;
}
