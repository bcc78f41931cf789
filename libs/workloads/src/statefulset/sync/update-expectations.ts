// Kruise's update expectations (pkg/util/expectations/update_expectations.go; docs/spec/advanced-statefulset.md
// §4.1, §4.5): after updating pods in place to revision R, the rolling update waits until every one of
// them is seen carrying R, so a stale cache cannot make it update (or count) them again. Expectations
// for another revision are dropped: a newer update revision supersedes them.
import { LABEL_CONTROLLER_REVISION_HASH, type Pod } from '@coxswain/kruise-api';

interface Expected {
  revision: string;
  pods: Set<string>;
}

export class UpdateExpectations {
  private readonly byKey = new Map<string, Expected>();

  expectUpdated(key: string, revision: string, pod: Pod): void {
    let entry = this.byKey.get(key);
    if (!entry || entry.revision !== revision) {
      entry = { revision, pods: new Set() };
      this.byKey.set(key, entry);
    }
    entry.pods.add(pod.metadata.name!);
  }

  /**
   * ObserveUpdated for every listed pod: a pod seen at the expected revision, or no longer listed, is
   * done. Returns the pods still awaited for `revision` (none when the expectations were for another).
   */
  observe(key: string, revision: string, pods: readonly Pod[]): string[] {
    const entry = this.byKey.get(key);
    if (!entry) return [];
    if (entry.revision !== revision) {
      this.byKey.delete(key);
      return [];
    }
    const listed = new Map(pods.map((p) => [p.metadata.name!, p]));
    for (const name of [...entry.pods]) {
      const pod = listed.get(name);
      if (!pod || pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] === revision) entry.pods.delete(name);
    }
    if (entry.pods.size === 0) this.byKey.delete(key);
    return [...entry.pods];
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }
}
