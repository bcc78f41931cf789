// The OpenAPI 3.1 document of the REST API, served at GET /api/docs. Hand-written so it says exactly
// what the contract promises; test/openapi.e2e.test.ts checks it against the controllers' routes and
// the status codes the server really answers.
import { HOOK_POINT_NAMES } from '../hooks/hook-points.js';
import { MAX_REASON_LENGTH } from '../idempotency/keyed-request.js';
import { PROBLEM_CONTENT_TYPE } from './problem-details.js';

const problem = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } } });
const requestIdHeader = { 'x-request-id': { description: 'The request id, also recorded in the audit log.', schema: { type: 'string' } } };

/** One of the Rollout actions: the same parameters, answers and refusals; `conflict` says what its 409 means. */
function rolloutAction(operationId: string, summary: string, body: string, conflict: { '409': ReturnType<typeof problem> }) {
  return {
    operationId,
    summary,
    parameters: [
      { name: 'namespace', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: "The Rollout's name" },
      {
        name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', maxLength: 255 },
        description: 'A new UUID per action, the same one on retries: a retry with the same key and body gets the first answer.',
      },
    ],
    requestBody: { required: body === 'RolloutJumpRequest', content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } } },
    responses: {
      '200': {
        description: 'The action; a retry with the same key and body replays the first answer (with Idempotent-Replayed: true)',
        headers: { ...requestIdHeader, 'Idempotent-Replayed': { description: '"true" on a replayed answer', schema: { type: 'string' } } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/RolloutAction' } } },
      },
      '400': problem('No Idempotency-Key header, a namespace or name that is not a Kubernetes name, a step the Rollout does not have or would not jump to, or a bad body (not application/json, an unknown field, NUL in the reason)'),
      '401': problem('No or bad token'),
      '403': problem('The token may not act on Rollouts here (rollout-approver and admin only)'),
      '404': problem('Unknown Rollout (final answer for the key)'),
      ...conflict,
      '422': problem('The Idempotency-Key was used for a different request'),
      '429': problem('Too many failed authentications from this address; retry after Retry-After seconds'),
      '503': problem('The Rollout kept changing during the action; nothing was written, retry (Retry-After)'),
    },
  };
}

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Coxswain hook acknowledgements and Rollout approvals',
    version: '1.1.0',
    description:
      'List pods waiting on a lifecycle hook and acknowledge them exactly once. An acknowledgement is one conditional ' +
      'write on the pod that does what the hook owner would do by hand (preDelete/preUpdate: remove the handler finalizers ' +
      'and labels; postUpdate/preNormal: add them). Approve the step a Rollout waits on, jump to another step, or abort ' +
      'the release (the workload back to its stable revision), exactly once per Idempotency-Key. Every acknowledgement ' +
      'and Rollout action is recorded in the audit log with the caller and the reason.',
  },
  security: [{ bearer: [] }],
  paths: {
    '/api/v1/hooks': {
      get: {
        operationId: 'listHooks',
        summary: 'Pods waiting on a lifecycle hook, oldest wait first',
        parameters: [
          { name: 'namespace', in: 'query', required: false, schema: { type: 'string' } },
          { name: 'hook', in: 'query', required: false, schema: { $ref: '#/components/schemas/HookPoint' } },
        ],
        responses: {
          '200': { description: 'The pending hooks', headers: requestIdHeader, content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/PendingHook' } } } } },
          '400': problem('Unknown hook, or an empty namespace'),
          '401': problem('No or bad token'),
          '403': problem('The token may not list hooks, or not in that namespace'),
          '429': problem('Too many failed authentications from this address; retry after Retry-After seconds'),
        },
      },
    },
    '/api/v1/namespaces/{namespace}/pods/{pod}/hooks/{hook}/ack': {
      post: {
        operationId: 'ackHook',
        summary: 'Acknowledge the hook a pod waits on',
        parameters: [
          { name: 'namespace', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'pod', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'hook', in: 'path', required: true, schema: { $ref: '#/components/schemas/HookPoint' } },
          {
            name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', maxLength: 255 },
            description: 'A new UUID per acknowledgement, the same one on retries: a retry with the same key and body gets the first answer.',
          },
        ],
        requestBody: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/AckRequest' } } } },
        responses: {
          '200': {
            description: 'The acknowledgement; a retry with the same key and body replays the first answer (with Idempotent-Replayed: true)',
            headers: { ...requestIdHeader, 'Idempotent-Replayed': { description: '"true" on a replayed answer', schema: { type: 'string' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/HookAck' } } },
          },
          '400': problem('No Idempotency-Key header, an unknown hook, a namespace or pod that is not a Kubernetes name, or a bad body (not application/json, a field other than reason, NUL in the reason)'),
          '401': problem('No or bad token'),
          '403': problem('The token may not acknowledge hooks here'),
          '404': problem('Unknown pod (final answer for the key)'),
          '409': problem('The hook is not pending (final answer for the key), or the same key is still in flight'),
          '410': problem('The pod is already gone, or terminating for postUpdate/preNormal (final answer for the key)'),
          '422': problem('The Idempotency-Key was used for a different request'),
          '429': problem('Too many failed authentications from this address; retry after Retry-After seconds'),
          '503': problem('The pod kept changing during the acknowledgement; nothing was written, retry (Retry-After)'),
        },
      },
    },
    '/api/v1/namespaces/{namespace}/rollouts/{name}/approve': {
      post: rolloutAction('approveRolloutStep', 'Approve the step a Rollout waits on: currentStepState StepPaused becomes StepReady', 'RolloutActionRequest', {
        '409': problem('The step is not StepPaused (STEP_NOT_PAUSED, final answer for the key), or the same key is still in flight'),
      }),
    },
    '/api/v1/namespaces/{namespace}/rollouts/{name}/jump': {
      post: rolloutAction('jumpToRolloutStep', 'Make the Rollout run step stepIndex next (status.canaryStatus.nextStepIndex)', 'RolloutJumpRequest', {
        '409': problem('The Rollout is not releasing (ROLLOUT_NOT_PROGRESSING, final answer for the key), or the same key is still in flight'),
      }),
    },
    '/api/v1/namespaces/{namespace}/rollouts/{name}/abort': {
      post: rolloutAction('abortRollout', "Roll the workload back to the release's stable revision; the Rollout controller cancels the release", 'RolloutActionRequest', {
        '409': problem('The Rollout is not releasing or its stable revision cannot be restored (ROLLOUT_NOT_PROGRESSING, final answer for the key), or the same key is still in flight'),
      }),
    },
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API token (docs/tokens-and-roles.md).' } },
    schemas: {
      HookPoint: { type: 'string', enum: HOOK_POINT_NAMES },
      PendingHook: {
        type: 'object',
        required: ['namespace', 'pod', 'podUid', 'workload', 'hook', 'state', 'since', 'podIP', 'node', 'zone'],
        properties: {
          namespace: { type: 'string' },
          pod: { type: 'string' },
          podUid: { type: 'string' },
          workload: { type: 'object', required: ['kind', 'name'], properties: { kind: { type: 'string', examples: ['CloneSet'] }, name: { type: 'string' } } },
          hook: { $ref: '#/components/schemas/HookPoint' },
          state: { type: 'string', examples: ['PreparingDelete'] },
          since: { type: ['string', 'null'], format: 'date-time' },
          podIP: { type: ['string', 'null'] },
          node: { type: ['string', 'null'] },
          zone: { type: ['string', 'null'] },
        },
      },
      AckRequest: { type: 'object', additionalProperties: false, properties: { reason: { type: 'string', maxLength: MAX_REASON_LENGTH } } },
      HookAck: {
        type: 'object',
        required: ['id', 'namespace', 'pod', 'podUid', 'hook', 'acknowledgedBy', 'at', 'reason'],
        properties: {
          id: { type: 'string' },
          namespace: { type: 'string' },
          pod: { type: 'string' },
          podUid: { type: 'string' },
          hook: { $ref: '#/components/schemas/HookPoint' },
          acknowledgedBy: { type: 'string', description: 'The token name' },
          at: { type: 'string', format: 'date-time' },
          reason: { type: ['string', 'null'] },
        },
      },
      RolloutActionRequest: { type: 'object', additionalProperties: false, properties: { reason: { type: 'string', maxLength: MAX_REASON_LENGTH } } },
      RolloutJumpRequest: {
        type: 'object', additionalProperties: false, required: ['stepIndex'],
        properties: { stepIndex: { type: 'integer', minimum: 1, description: 'The step to run next, 1 to the number of steps, not the one the Rollout goes to anyway' }, reason: { type: 'string', maxLength: MAX_REASON_LENGTH } },
      },
      RolloutAction: {
        type: 'object',
        required: ['id', 'action', 'namespace', 'rollout', 'rolloutUid', 'stepIndex', 'fromStepIndex', 'revision', 'actedBy', 'at', 'reason'],
        properties: {
          id: { type: 'string' },
          action: { type: 'string', enum: ['approve', 'jump', 'abort'] },
          namespace: { type: 'string' },
          rollout: { type: 'string' },
          rolloutUid: { type: 'string' },
          stepIndex: { type: 'integer', description: 'approve: the step approved; jump: the step jumped to; abort: the step the release was at' },
          fromStepIndex: { type: ['integer', 'null'], description: 'jump: the step the release was at' },
          revision: { type: ['string', 'null'], description: 'abort: the stable revision the workload was set back to' },
          actedBy: { type: 'string', description: 'The token name' },
          at: { type: 'string', format: 'date-time' },
          reason: { type: ['string', 'null'] },
        },
      },
      Problem: {
        type: 'object',
        description: 'RFC 9457 problem details',
        required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId'],
        properties: {
          type: { type: 'string', format: 'uri', examples: ['urn:coxswain:problem:hook-not-pending'] },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          instance: { type: 'string' },
          code: { type: 'string', examples: ['HOOK_NOT_PENDING', 'ACK_IN_FLIGHT', 'POD_GONE', 'IDEMPOTENCY_KEY_REUSED', 'STEP_NOT_PAUSED', 'ROLLOUT_NOT_PROGRESSING'] },
          requestId: { type: 'string' },
          field: { type: 'string' },
        },
      },
    },
  },
} as const;
