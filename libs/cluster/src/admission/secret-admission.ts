// The API server's rules for a Secret write: `stringData` is merged into `data` (base64) and never stored;
// every key is a config key and every value valid base64, else a field error as kube-apiserver words it.
import { FieldPath, invalidField, type FieldError, type KubeObject, type Secret } from '@coxswain/kruise-api';

const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function defaultSecret(object: KubeObject): KubeObject {
  const secret = object as Secret;
  if (secret.stringData === undefined) return object;
  const { stringData, ...rest } = secret;
  const data: Record<string, string> = { ...(isMap(rest.data) ? rest.data : {}) };
  if (isMap(stringData)) for (const [key, value] of Object.entries(stringData)) data[key] = Buffer.from(String(value), 'utf8').toString('base64');
  return { ...rest, data } as Secret;
}

export function validateSecret(object: KubeObject): FieldError[] {
  const data = (object as Secret).data;
  if (!isMap(data)) return [];
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(data)) {
    const path = FieldPath.of('data').key(key);
    if (!CONFIG_KEY.test(key)) errors.push(invalidField(path, key, "a valid config key must consist of alphanumeric characters, '-', '_' or '.'"));
    if (typeof value !== 'string' || !BASE64.test(value)) errors.push(invalidField(path, '<secret contents redacted>', 'must be base64 encoded'));
  }
  return errors;
}
