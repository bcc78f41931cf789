// Field selectors (`metadata.name=web,status.phase!=Running`) with the fields the apiserver supports per
// kind; any other field is refused as it refuses it ("field label not supported").
import type { KubeObject } from '@coxswain/kruise-api';
import { KubeStatusError } from './kube-status.js';
import type { ServedResource } from './served-resources.js';

type AnyObject = Record<string, any>;
type Getter = (object: AnyObject) => string | undefined;

const META: Record<string, Getter> = {
  'metadata.name': (o) => o.metadata?.name,
  'metadata.namespace': (o) => o.metadata?.namespace,
};

const BY_KIND: Record<string, Record<string, Getter>> = {
  Pod: {
    'spec.nodeName': (o) => o.spec?.nodeName,
    'spec.restartPolicy': (o) => o.spec?.restartPolicy,
    'spec.schedulerName': (o) => o.spec?.schedulerName,
    'spec.serviceAccountName': (o) => o.spec?.serviceAccountName,
    'spec.hostNetwork': (o) => String(o.spec?.hostNetwork ?? false),
    'status.phase': (o) => o.status?.phase,
    'status.podIP': (o) => o.status?.podIP,
    'status.nominatedNodeName': (o) => o.status?.nominatedNodeName,
  },
  Event: {
    'involvedObject.kind': (o) => o.involvedObject?.kind,
    'involvedObject.namespace': (o) => o.involvedObject?.namespace,
    'involvedObject.name': (o) => o.involvedObject?.name,
    'involvedObject.uid': (o) => o.involvedObject?.uid,
    'involvedObject.apiVersion': (o) => o.involvedObject?.apiVersion,
    'involvedObject.resourceVersion': (o) => o.involvedObject?.resourceVersion,
    'involvedObject.fieldPath': (o) => o.involvedObject?.fieldPath,
    'reason': (o) => o.reason,
    'reportingComponent': (o) => o.reportingComponent,
    'source': (o) => o.source?.component,
    'type': (o) => o.type,
  },
  Node: { 'spec.unschedulable': (o) => String(o.spec?.unschedulable ?? false) },
  Namespace: { 'status.phase': (o) => o.status?.phase },
};

interface Requirement {
  field: string;
  get: Getter;
  equals: boolean;
  value: string;
}

export class FieldSelector {
  private constructor(readonly requirements: readonly Requirement[]) {}

  static parse(text: string | undefined, resource: ServedResource): FieldSelector {
    if (!text) return new FieldSelector([]);
    const fields = { ...META, ...(resource.group === '' ? BY_KIND[resource.kind] : {}) };
    const requirements = text.split(',').filter((t) => t.trim() !== '').map((term) => {
      const m = /^\s*([^!=\s]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(term);
      if (!m) throw KubeStatusError.badRequest(`invalid selector: '${text}'; can't understand '${term}'`);
      const [, field, op, value] = m as unknown as [string, string, string, string];
      const get = fields[field];
      if (!get) throw KubeStatusError.badRequest(`field label not supported: ${field}`);
      return { field, get, equals: op !== '!=', value };
    });
    return new FieldSelector(requirements);
  }

  get empty(): boolean {
    return this.requirements.length === 0;
  }

  matches(object: KubeObject): boolean {
    return this.requirements.every((r) => ((r.get(object as AnyObject) ?? '') === r.value) === r.equals);
  }

  /** The name an equality on metadata.name pins the selection to, so one object can be read directly. */
  pinnedName(): string | undefined {
    return this.requirements.find((r) => r.field === 'metadata.name' && r.equals)?.value;
  }
}
