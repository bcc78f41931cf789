// The demo's rolling CloneSet. On a cluster `npm start` has just seeded, `rollout-demo`
// (apps/api/demo/workloads.yaml) is rolled to the other of two images whenever its last rollout has
// finished and it has rested, so whoever opens the dashboard sees a rollout under way. It is a plain
// client of the GraphQL API with the local admin token. It stops for good once the workload is gone, is
// paused or partitioned, or runs an image it did not set: then someone has taken it over.
export const DEMO = { namespace: 'default', name: 'rollout-demo', container: 'nginx', images: ['nginx:1.27-alpine', 'nginx:1.26-alpine'] };
/** How long a finished rollout is left to be looked at before the next one starts. */
export const REST_MS = 45_000;

const READ = `query Demo($namespace: String!, $name: String!) {
  workload(kind: CLONE_SET, namespace: $namespace, name: $name) {
    generation images
    ... on CloneSet { updateStrategy }
    status { observedGeneration replicas updatedReplicas updatedReadyReplicas }
  }
}`;
const ROLL = `mutation Roll($namespace: String!, $name: String!, $container: String!, $image: String!, $generation: Int!) {
  setImage(kind: CLONE_SET, namespace: $namespace, name: $name, container: $container, image: $image, expectedGeneration: $generation) { generation }
}`;

/**
 * What to do next with the workload as read (null when it is gone), given how long it has been settled:
 * `{ stop }` with the reason, `{ wait }`, or `{ image, generation }` to roll to.
 */
export function nextStep(workload, settledForMs, restMs) {
  if (!workload) return { stop: `${DEMO.name} is gone` };
  const [image, ...others] = workload.images;
  if (others.length > 0 || !DEMO.images.includes(image)) return { stop: `${DEMO.name} runs ${workload.images.join(', ')}, which the demo did not set` };
  // As stored: v1beta1, the partition and pause under rollingUpdate.
  const rolling = workload.updateStrategy?.rollingUpdate ?? {};
  if (rolling.paused || ![undefined, null, 0, '0%'].includes(rolling.partition)) return { stop: `${DEMO.name} is paused or partitioned` };
  if (!settled(workload)) return { wait: 'rolling' };
  if (settledForMs < restMs) return { wait: 'resting' };
  return { image: DEMO.images[(DEMO.images.indexOf(image) + 1) % DEMO.images.length], generation: workload.generation };
}

/** Every pod at the latest template and ready again. */
export function settled(workload) {
  const s = workload.status;
  return s.observedGeneration === workload.generation && s.updatedReplicas === s.replicas && s.updatedReadyReplicas === s.replicas;
}

/**
 * Rolls the demo workload until `nextStep` says stop (resolves with the reason) or `signal` aborts.
 * Errors reaching the API (it may be starting or stopping) are retried at the next poll.
 */
export async function runDemoRollout({ apiUrl, token, restMs = REST_MS, pollMs = 2_000, log = () => {}, signal }) {
  const gql = async (query, variables) => {
    const response = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
      signal,
    });
    return response.json();
  };
  const where = { namespace: DEMO.namespace, name: DEMO.name };
  let settledSince;
  while (!signal?.aborted) {
    try {
      // No data: the API could not answer (it is starting or stopping). A null workload is gone.
      const workload = (await gql(READ, where)).data?.workload;
      if (workload !== undefined) {
        settledSince = workload && settled(workload) ? (settledSince ?? Date.now()) : undefined;
        const step = nextStep(workload, settledSince === undefined ? 0 : Date.now() - settledSince, restMs);
        if (step.stop) return step.stop;
        if (step.image) {
          const rolled = await gql(ROLL, { ...where, container: DEMO.container, image: step.image, generation: step.generation });
          if (!rolled.errors) {
            log(`rolling ${DEMO.namespace}/${DEMO.name} in place to ${step.image} (DEMO_ROLLOUT=off to stop)`);
            settledSince = undefined;
          }
        }
      }
    } catch {
      // The API is not answering (starting, stopping): look again at the next poll.
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return 'stopped';
}
