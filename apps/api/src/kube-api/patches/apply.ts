// Server-side apply as Coxswain does it: the applied configuration is merged into the live object
// (strategically for built-in kinds, as a JSON merge for custom resources, whose lists are atomic), and
// creates the object when it does not exist. Field ownership (managedFields) is not tracked, so fields
// dropped from a later apply are not removed and there are no apply conflicts between managers.
import { applyMergePatch } from '@coxswain/cluster';
import { applyStrategicMergePatch } from './strategic-merge.js';

export function applyConfiguration(live: unknown, applied: unknown, strategic: boolean): unknown {
  return strategic ? applyStrategicMergePatch(live, applied) : applyMergePatch(live, applied);
}
