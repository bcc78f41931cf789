// Wires the ContainerRecreateRequest reconciler into a ControllerManager (docs/spec/image-pull.md §7.1):
// woken by every change of a request, and by a pod's deletion, the start of its deletion, or a change of
// its container statuses, for the unfinished requests labelled with its uid (Kruise's crr_event_handler).
import type { Controller, ControllerManager, Logger } from '@coxswain/controller-runtime';
import { logRetriedFailure } from '@coxswain/controller-runtime';
import { isDeepStrictEqual } from 'node:util';
import { LABEL_CRR_POD_UID, type ContainerRecreateRequest, type Pod } from '@coxswain/kruise-api';
import { CONTAINER_RECREATE_REQUEST_REF, POD_REF } from '../refs.js';
import { ContainerRecreateReconciler } from './reconciler.js';

export const CONTAINER_RECREATE_CONTROLLER_NAME = 'containerrecreaterequest-controller';
const BY_POD_UID = 'crr-pod-uid';

export interface ContainerRecreateControllerOptions {
  log: Logger;
  maxConcurrentReconciles?: number;
}

export class ContainerRecreateController {
  readonly controller: Controller;

  constructor(manager: ControllerManager, options: ContainerRecreateControllerOptions) {
    const requests = manager.informerFor<ContainerRecreateRequest>(CONTAINER_RECREATE_REQUEST_REF);
    const pods = manager.informerFor<Pod>(POD_REF);
    requests.addIndexer(BY_POD_UID, (crr) => {
      const uid = crr.metadata.labels?.[LABEL_CRR_POD_UID];
      return uid ? [uid] : [];
    });
    const controller = manager.newController({
      name: CONTAINER_RECREATE_CONTROLLER_NAME,
      maxConcurrentReconciles: options.maxConcurrentReconciles,
      onError: logRetriedFailure(options.log),
      reconciler: (context) => new ContainerRecreateReconciler({ client: context.client, clock: manager.clock, requests, pods }),
    });
    controller.watches(requests, (crr) => [{ namespace: crr.metadata.namespace, name: crr.metadata.name! }]);
    const wake = (pod: Pod) => {
      for (const crr of requests.byIndex(BY_POD_UID, pod.metadata.uid ?? '')) {
        if (crr.metadata.deletionTimestamp || crr.status?.completionTime) continue;
        controller.enqueue({ namespace: crr.metadata.namespace, name: crr.metadata.name! });
      }
    };
    pods.addEventHandler({
      onUpdate: (old, pod) => {
        const deleting = Boolean(pod.metadata.deletionTimestamp) && !old.metadata.deletionTimestamp;
        if (deleting || !isDeepStrictEqual(old.status?.containerStatuses, pod.status?.containerStatuses)) wake(pod);
      },
      onDelete: wake,
    });
    this.controller = controller;
  }
}
