// The virtual nodes of the embedded cluster: `zones` zones of `nodesPerZone` nodes each, Ready, with capacity,
// an InternalIP and a pod CIDR. They carry status, so the composition loads them with `store.seed(...)`.
// Besides the well-known labels every node carries `node: <its zone>` (the label OpenKruise's
// UnitedDeployment examples select zones by) and any extra labels given per zone or per node. Once
// created they are ordinary Node objects: label, cordon (spec.unschedulable) or taint them through the API.
import { formatCidr, formatIpv4, parseIpv4 } from './ipv4.js';
import { LABEL_HOSTNAME, LABEL_TOPOLOGY_ZONE, type Node } from '@coxswain/kruise-api';
import { LABEL_ARCH, LABEL_OS } from './well-known.js';

export interface SimulatedNodesOptions {
  /** Number of zones (default 3): zone-a, zone-b, ... */
  zones?: number;
  /** Nodes in each zone (default 3). */
  nodesPerZone?: number;
  /** allocatable.pods of every node (default 110, as a kubelet's default maxPods). */
  podCapacity?: number;
  /** Zone names are `<zonePrefix><letter>` (default "zone-"). */
  zonePrefix?: string;
  /** Node names are `<namePrefix><letter>-<n>` (default "sim-"). */
  namePrefix?: string;
  /** Default "8". */
  cpu?: string;
  /** Default "32Gi". */
  memory?: string;
  /** lastTransitionTime/lastHeartbeatTime of the Ready condition; omitted when not given. */
  readySince?: string;
  /** The label whose value is the node's zone name, besides topology.kubernetes.io/zone (default "node"); null for none. */
  zoneNameLabel?: string | null;
  /** Extra labels for every node of a zone, by zone name. */
  zoneLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Extra labels by node name, applied after the zone's. */
  nodeLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** Default of SimulatedNodesOptions.zoneNameLabel. */
export const DEFAULT_ZONE_NAME_LABEL = 'node';

const POD_NETWORK = parseIpv4('10.244.0.0')!;
const HOST_NETWORK = parseIpv4('172.18.0.0')!;

export function simulatedNodes(options: SimulatedNodesOptions = {}): Node[] {
  const zones = positiveInteger('zones', options.zones ?? 3);
  const perZone = positiveInteger('nodesPerZone', options.nodesPerZone ?? 3);
  const podCapacity = positiveInteger('podCapacity', options.podCapacity ?? 110);
  const blockSize = podBlockSize(podCapacity);
  const nodes: Node[] = [];
  for (let z = 0; z < zones; z++) {
    const letter = zoneLetter(z);
    const zone = `${options.zonePrefix ?? 'zone-'}${letter}`;
    for (let n = 1; n <= perZone; n++) {
      const index = nodes.length;
      const name = `${options.namePrefix ?? 'sim-'}${letter}-${n}`;
      const podCIDR = formatCidr({ base: POD_NETWORK + index * blockSize, size: blockSize });
      // .0 is the network and .1 the gateway, as on a kind node, so hosts start at .2.
      const internalIP = formatIpv4(HOST_NETWORK + 2 + index);
      nodes.push(simulatedNode({ name, zone, podCIDR, internalIP, podCapacity, options }));
    }
  }
  return nodes;
}

interface NodeFacts {
  name: string;
  zone: string;
  podCIDR: string;
  internalIP: string;
  podCapacity: number;
  options: SimulatedNodesOptions;
}

function nodeLabels(name: string, zone: string, options: SimulatedNodesOptions): Record<string, string> {
  const zoneNameLabel = options.zoneNameLabel === undefined ? DEFAULT_ZONE_NAME_LABEL : options.zoneNameLabel;
  return {
    ...(zoneNameLabel !== null ? { [zoneNameLabel]: zone } : {}),
    ...(options.zoneLabels?.[zone] ?? {}),
    ...(options.nodeLabels?.[name] ?? {}),
    [LABEL_TOPOLOGY_ZONE]: zone,
    [LABEL_HOSTNAME]: name,
    [LABEL_OS]: 'linux',
    [LABEL_ARCH]: 'amd64',
  };
}

function simulatedNode({ name, zone, podCIDR, internalIP, podCapacity, options }: NodeFacts): Node {
  const resources = { cpu: options.cpu ?? '8', memory: options.memory ?? '32Gi', pods: String(podCapacity) };
  const since = options.readySince;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: nodeLabels(name, zone, options),
    },
    spec: { podCIDR, podCIDRs: [podCIDR], providerID: `sim://${name}` },
    status: {
      capacity: { ...resources },
      allocatable: { ...resources },
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
          ...(since ? { lastHeartbeatTime: since, lastTransitionTime: since } : {}),
        },
      ],
      addresses: [
        { type: 'InternalIP', address: internalIP },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        architecture: 'amd64',
        operatingSystem: 'linux',
        osImage: 'Coxswain simulated node',
        kernelVersion: '6.1.0-sim',
        containerRuntimeVersion: 'containerd://1.7.0-sim',
        kubeletVersion: 'v1.31.0-sim',
        kubeProxyVersion: 'v1.31.0-sim',
        machineID: name,
        systemUUID: name,
        bootID: name,
      },
    },
  };
}

/** Smallest power-of-two block (at least a /24) holding network, gateway, broadcast and `podCapacity` pods. */
function podBlockSize(podCapacity: number): number {
  let size = 256;
  while (size - 3 < podCapacity) size *= 2;
  return size;
}

/** a, b, ..., z, aa, ab, ... so any number of zones gets distinct names. */
function zoneLetter(index: number): string {
  let name = '';
  for (let i = index; i >= 0; i = Math.floor(i / 26) - 1) name = String.fromCharCode(97 + (i % 26)) + name;
  return name;
}

function positiveInteger(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`simulatedNodes: ${field} must be a positive integer, got ${value}`);
  return value;
}
