// The OpenAPI document at /api/docs says what the REST controller does: the same routes and operation
// ids, and every status code the server answers (each one provoked here over HTTP) is documented.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { REST_OPERATION } from '../src/auth/decorators.js';
import { HooksController } from '../src/rest/hooks.controller.js';
import { RolloutsController } from '../src/rest/rollouts.controller.js';
import { eventually, TestApi, testApiPerFile } from './support/api-server.js';

type OpenApi = { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };

let api: TestApi;
let doc: OpenApi;

testApiPerFile({}, (started) => (api = started));
beforeAll(async () => {
  const res = await api.fetch('/api/docs', { token: null });
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApi;
});

/** The controllers' routes as OpenAPI path templates: `:namespace` becomes `{namespace}`. */
function controllerRoutes(): { path: string; method: string; operationId: string }[] {
  return [HooksController, RolloutsController].flatMap((controller) => routesOf(controller));
}

function routesOf(controller: abstract new (...args: never[]) => unknown): { path: string; method: string; operationId: string }[] {
  const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
  const proto = controller.prototype as unknown as Record<string, object>;
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor' && Reflect.getMetadata(PATH_METADATA, proto[name]!) !== undefined)
    .map((name) => {
      const handler = proto[name]!;
      const path = `/${base}/${Reflect.getMetadata(PATH_METADATA, handler) as string}`.replace(/:(\w+)/g, '{$1}');
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number]!.toLowerCase();
      return { path, method, operationId: Reflect.getMetadata(REST_OPERATION, handler) as string };
    });
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists exactly the controller routes, with their operation ids', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, operationId: op.operationId })));
    const sort = (xs: { path: string; method: string }[]) => [...xs].sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
    expect(sort(documented)).toEqual(sort(controllerRoutes()));
  });

  it('documents the contract status codes of the ack and of the Rollout actions', () => {
    const ack = doc.paths['/api/v1/namespaces/{namespace}/pods/{pod}/hooks/{hook}/ack']!.post!;
    expect(Object.keys(ack.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '410', '422', '429', '503']);
    for (const action of ['approve', 'jump', 'abort']) {
      const op = doc.paths[`/api/v1/namespaces/{namespace}/rollouts/{name}/${action}`]!.post!;
      expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '422', '429', '503']);
    }
  });

  it('documents every status code the server answers', async () => {
    const acker = await api.createToken('acker', 'hook-acker');
    const viewer = await api.createToken('viewer', 'viewer');
    const limited = await api.createToken('limited', 'hook-acker', ['elsewhere']);
    const yaml = `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: doc, namespace: docs }
spec:
  replicas: 2
  selector: { matchLabels: { app: doc } }
  template: { metadata: { labels: { app: doc, hold: "yes" } }, spec: { containers: [{ name: c, image: nginx }] } }
  lifecycle: { preDelete: { labelsHandler: { hold: "yes" } } }
`;
    await api.apply(yaml);
    await eventually(async () => ((await api.graphql(`{ objects(kind: "pods", namespace: "docs") { totalCount } }`)).data!.objects.totalCount === 2 ? true : undefined), 20_000, '2 pods');
    expect((await api.graphql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "docs", name: "doc", replicas: 1) { name } }`)).errors).toBeUndefined();
    const held = await eventually(async () => {
      const res = await api.fetch('/api/v1/hooks?namespace=docs', { token: acker });
      const list = (await res.json()) as { pod: string }[];
      return list[0]?.pod;
    }, 20_000, 'a pending hook');
    const other = ((await api.graphql(`{ objects(kind: "pods", namespace: "docs") { edges { node { name } } } }`)).data!.objects.edges as { node: { name: string } }[])
      .map((e) => e.node.name).find((n) => n !== held)!;

    const ack = (pod: string, init: { key?: string | null; token?: string | null; reason?: string } = {}) =>
      api.fetch(`/api/v1/namespaces/docs/pods/${pod}/hooks/preDelete/ack`, {
        method: 'POST',
        token: init.token === undefined ? acker : init.token,
        headers: { 'content-type': 'application/json', ...(init.key === null ? {} : { 'idempotency-key': init.key ?? randomUUID() }) },
        body: JSON.stringify({ reason: init.reason ?? 'r' }),
      });
    const key = randomUUID();
    const seen: Record<string, number[]> = {
      listHooks: [
        (await api.fetch('/api/v1/hooks', { token: acker })).status,
        (await api.fetch('/api/v1/hooks?hook=never', { token: acker })).status,
        (await api.fetch('/api/v1/hooks', { token: null })).status,
        (await api.fetch('/api/v1/hooks?namespace=docs', { token: limited })).status,
      ],
      ackHook: [
        (await ack(held, { key })).status,
        (await ack(held, { key: null })).status,
        (await ack(held, { token: null })).status,
        (await ack(held, { token: viewer })).status,
        (await ack('nosuch')).status,
        (await ack(other)).status,
        (await ack(held, { key, reason: 'different' })).status,
      ],
    };
    await eventually(async () => ((await api.graphql(`{ object(kind: "Pod", namespace: "docs", name: "${held}") { name } }`)).data!.object === null ? true : undefined), 20_000, 'pod deleted');
    seen.ackHook!.push((await ack(held)).status);

    expect(seen.listHooks!.sort()).toEqual([200, 400, 401, 403]);
    expect(seen.ackHook!.sort()).toEqual([200, 400, 401, 403, 404, 409, 410, 422]);
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    for (const [operationId, statuses] of Object.entries(seen)) {
      const op = operations.find((o) => o.operationId === operationId)!;
      for (const status of statuses) expect(Object.keys(op.responses)).toContain(String(status));
    }
  });
});
