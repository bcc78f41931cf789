// One HTTPS request to the Kubernetes API of a TestApi (its certificate is self-signed), read whole:
// for what kubectl does not send, or sends only in one spelling.
import { request } from 'node:https';
import { ADMIN_TOKEN } from './api-server.js';

export interface KubeHttpResponse {
  status: number;
  contentType: string;
  text: string;
}

export function kubeHttp(baseUrl: string, path: string, options: { method?: string; token?: string; body?: unknown } = {}): Promise<KubeHttpResponse> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(`${baseUrl}${path}`, {
      method: options.method ?? 'GET',
      rejectUnauthorized: false,
      headers: { authorization: `Bearer ${options.token ?? ADMIN_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, contentType: String(res.headers['content-type'] ?? ''), text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
