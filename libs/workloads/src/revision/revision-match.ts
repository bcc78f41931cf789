// "Is this pod at revision X?" for CloneSet (docs/spec/cloneset.md §2.1, §4.2). With gate CloneSetShortHash a
// pod's controller-revision-hash label holds only the hash, without it the full revision name; every
// comparison accepts either form so pods labelled before and after flipping the gate keep matching.
import { LABEL_CONTROLLER_REVISION_HASH, type Pod } from '@coxswain/kruise-api';

/**
 * The hash part of a revision name or label: the substring after the last '-' (the whole string when
 * it has none). Revision names are `<cloneset>-<hash>` and the hash alphabet has no '-', so this is
 * exactly the hash even when the CloneSet name contains dashes.
 */
export function shortHash(name: string): string {
  return name.slice(name.lastIndexOf('-') + 1);
}

/** Kruise's EqualToRevisionHash: the label equals the revision name, or both have the same short hash. */
export function isRevisionMatch(podLabelValue: string, revisionName: string): boolean {
  return podLabelValue === revisionName || shortHash(podLabelValue) === shortHash(revisionName);
}

/** Whether the pod's controller-revision-hash label denotes `revisionName`. An absent label reads as "" (as Go's map lookup does). */
export function podAtRevision(pod: Pick<Pod, 'metadata'>, revisionName: string): boolean {
  return isRevisionMatch(pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] ?? '', revisionName);
}

/** The controller-revision-hash label value a new pod of `revisionName` gets: the short hash with gate CloneSetShortHash, else the full name. */
export function podRevisionLabelValue(revisionName: string, shortHashGate: boolean): string {
  return shortHashGate ? shortHash(revisionName) : revisionName;
}
