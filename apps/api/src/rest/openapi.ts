// The OpenAPI 3.1 document of the REST API, served at GET /api/docs. Hand-written so it says exactly
// what the contract promises; test/openapi.e2e.test.ts checks it against the controller's routes and
// the status codes the server really answers.
import { HOOK_POINT_NAMES } from '../hooks/hook-points.js';
import { MAX_REASON_LENGTH } from '../hooks/hook-ack.service.js';
import { PROBLEM_CONTENT_TYPE } from './problem-details.js';

const problem = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } } });
const requestIdHeader = { 'x-request-id': { description: 'The request id, also recorded in the audit log.', schema: { type: 'string' } } };

export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Coxswain hook acknowledgements',
    version: '1.0.0',
    description:
      'List pods waiting on a lifecycle hook and acknowledge them exactly once. An acknowledgement is one conditional ' +
      'write on the pod that does what the hook owner would do by hand (preDelete/preUpdate: remove the handler finalizers ' +
      'and labels; postUpdate/preNormal: add them). Every acknowledgement is recorded in the audit log with the caller.',
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
          code: { type: 'string', examples: ['HOOK_NOT_PENDING', 'ACK_IN_FLIGHT', 'POD_GONE', 'IDEMPOTENCY_KEY_REUSED'] },
          requestId: { type: 'string' },
          field: { type: 'string' },
        },
      },
    },
  },
} as const;
