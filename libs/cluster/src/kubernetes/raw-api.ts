// Requests to the apiserver through @kubernetes/client-node's own machinery (its server configuration,
// authentication, TLS dispatcher and middleware), with bodies kept as plain JSON: client-node's typed
// (de)serialization turns timestamps into Dates and drops fields its models do not know, and the port
// carries objects exactly as the apiserver sends them.
import { HttpMethod, KubernetesObjectApi, type KubeConfig, type RequestContext, type ResponseContext } from '@kubernetes/client-node';
import { ApiError } from '../errors.js';
import { apiErrorFromStatus, unreachable } from './status-errors.js';
import { serverOf } from './kube-config.js';

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  contentType?: string;
}

class PlainJsonApi extends KubernetesObjectApi {
  async send<T>(request: RawRequest): Promise<T> {
    const context: RequestContext = this.configuration.baseServer.makeRequestContext(request.path, HttpMethod[request.method]);
    context.setHeaderParam('Accept', 'application/json');
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) context.setQueryParam(key, String(value));
    }
    if (request.body !== undefined) {
      context.setHeaderParam('Content-Type', request.contentType ?? 'application/json');
      context.setBody(JSON.stringify(request.body));
    }
    return (await this.requestPromise(context)) as unknown as T;
  }

  protected override async processResponse<T>(response: ResponseContext): Promise<T> {
    const text = await response.body.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.httpStatusCode >= 200 && response.httpStatusCode <= 299) return body as T;
    throw apiErrorFromStatus(response.httpStatusCode, body);
  }
}

export class RawApi {
  private readonly api: PlainJsonApi;
  readonly server: string;

  constructor(readonly kubeConfig: KubeConfig) {
    this.api = kubeConfig.makeApiClient(PlainJsonApi);
    this.server = serverOf(kubeConfig);
  }

  async send<T>(request: RawRequest): Promise<T> {
    try {
      return await this.api.send<T>(request);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw unreachable(this.server, err);
    }
  }
}
