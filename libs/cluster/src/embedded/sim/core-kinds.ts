// The kinds the simulator reads and writes.
import type { KindRef } from '../../port.js';

export const POD: KindRef = { apiVersion: 'v1', kind: 'Pod' };
export const NODE: KindRef = { apiVersion: 'v1', kind: 'Node' };
