// Pod IPs from each node's pod CIDR, handed out round-robin like host-local IPAM (a released address is
// not reused at once, so a new pod never inherits a just-deleted pod's identity) and unique per node.
import { formatIpv4, parseCidr, parseIpv4, type Ipv4Block } from './ipv4.js';

interface NodePool {
  block: Ipv4Block;
  /** Offset within the block → pod uid. */
  used: Map<number, string>;
  /** Where the next search starts. */
  cursor: number;
}

/** Pool for nodes without a usable spec.podCIDR: 10.250.<n>.0/24 in order of first use. */
const FALLBACK_BASE = parseIpv4('10.250.0.0')!;

export class PodIpAllocator {
  private readonly pools = new Map<string, NodePool>();
  private readonly byPod = new Map<string, { nodeName: string; offset: number }>();
  private fallbackPools = 0;

  /** The pod's address on the node (the same one when asked again), or undefined when the node's range is full. */
  allocate(nodeName: string, podCIDR: string | undefined, uid: string): string | undefined {
    const pool = this.pool(nodeName, podCIDR);
    const existing = this.byPod.get(uid);
    if (existing?.nodeName === nodeName) return formatIpv4(pool.block.base + existing.offset);
    // The network address, the gateway (.1) and the broadcast address are not for pods.
    const first = 2;
    const last = pool.block.size - 2;
    const span = last - first + 1;
    for (let i = 0; i < span; i++) {
      const offset = first + ((pool.cursor - first + i) % span);
      if (pool.used.has(offset)) continue;
      pool.used.set(offset, uid);
      pool.cursor = offset + 1 > last ? first : offset + 1;
      this.byPod.set(uid, { nodeName, offset });
      return formatIpv4(pool.block.base + offset);
    }
    return undefined;
  }

  /** Claims an address a pod already reports (after a restart); false if it is outside the range or taken. */
  reserve(nodeName: string, podCIDR: string | undefined, uid: string, ip: string): boolean {
    const pool = this.pool(nodeName, podCIDR);
    const address = parseIpv4(ip);
    if (address === undefined) return false;
    const offset = address - pool.block.base;
    if (offset < 0 || offset >= pool.block.size) return false;
    const holder = pool.used.get(offset);
    if (holder !== undefined && holder !== uid) return false;
    pool.used.set(offset, uid);
    this.byPod.set(uid, { nodeName, offset });
    return true;
  }

  /** Frees the pod's address; returns the node it was on. */
  release(uid: string): string | undefined {
    const entry = this.byPod.get(uid);
    if (!entry) return undefined;
    this.byPod.delete(uid);
    this.pools.get(entry.nodeName)?.used.delete(entry.offset);
    return entry.nodeName;
  }

  private pool(nodeName: string, podCIDR: string | undefined): NodePool {
    let pool = this.pools.get(nodeName);
    if (!pool) {
      const block = (podCIDR && parseCidr(podCIDR)) || { base: FALLBACK_BASE + 256 * this.fallbackPools++, size: 256 };
      pool = { block, used: new Map(), cursor: 2 };
      this.pools.set(nodeName, pool);
    }
    return pool;
  }
}
