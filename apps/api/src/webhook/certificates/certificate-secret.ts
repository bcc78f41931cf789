// The webhook's certificates kept in a Secret, so every replica serves the same one (Kruise's secret cert
// writer, same data keys): read it; when there is none, make a set and create it (a replica that loses
// the race reads the winner's); when the set is no good for the DNS name or expires within the renewal
// margin, make a new one and write it conditionally on the version read (a replica that loses that race
// reads the winner's).
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import type { Secret } from '@coxswain/kruise-api';
import { isCertificateSetGood, issueCertificateSet, type CertificateSet } from './webhook-certificates.js';

const SECRET: KindRef = { apiVersion: 'v1', kind: 'Secret' };

/** Kruise's keys: its own names and, for the same files, a kubernetes.io/tls Secret's. */
const KEYS: Record<string, keyof CertificateSet> = {
  'ca-key.pem': 'caKey',
  'ca-cert.pem': 'caCert',
  'key.pem': 'key',
  'tls.key': 'key',
  'cert.pem': 'cert',
  'tls.crt': 'cert',
};

export interface SecretRef {
  namespace: string;
  name: string;
}

export interface EnsuredCertificates {
  set: CertificateSet;
  /** Whether this call wrote the Secret (created or rotated). */
  written: boolean;
}

function fromSecret(secret: Secret): Partial<CertificateSet> {
  const data = secret.data ?? {};
  const read = (key: string) => (typeof data[key] === 'string' ? Buffer.from(data[key]!, 'base64').toString('utf8') : undefined);
  return { caKey: read('ca-key.pem'), caCert: read('ca-cert.pem'), key: read('key.pem'), cert: read('cert.pem') };
}

/** The Secret's data for a set just issued (which always has its authority's key). */
function secretData(set: Required<CertificateSet>): Record<string, string> {
  return Object.fromEntries(Object.entries(KEYS).map(([key, field]) => [key, Buffer.from(set[field], 'utf8').toString('base64')]));
}

export async function ensureCertificateSecret(client: ClusterClient, ref: SecretRef, dnsName: string, now: number): Promise<EnsuredCertificates> {
  const current = await client.get<Secret>(SECRET, ref.namespace, ref.name).catch((err) => {
    if (isApiError(err, 'NotFound')) return undefined;
    throw err;
  });
  if (!current) {
    const set = issueCertificateSet(dnsName, now);
    try {
      await client.create<Secret>({ apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { namespace: ref.namespace, name: ref.name }, data: secretData(set) });
      return { set, written: true };
    } catch (err) {
      if (!isApiError(err, 'AlreadyExists')) throw err;
      // Another replica made it first: serve that one (checked again below).
      return ensureCertificateSecret(client, ref, dnsName, now);
    }
  }
  const stored = fromSecret(current);
  if (isCertificateSetGood(stored, dnsName, now)) return { set: stored, written: false };
  const set = issueCertificateSet(dnsName, now, stored);
  try {
    await client.update<Secret>({ ...current, data: { ...current.data, ...secretData(set) } });
    return { set, written: true };
  } catch (err) {
    if (!isApiError(err, 'Conflict')) throw err;
    const winner = await client.get<Secret>(SECRET, ref.namespace, ref.name);
    const theirs = fromSecret(winner);
    if (isCertificateSetGood(theirs, dnsName, now)) return { set: theirs, written: false };
    throw err;
  }
}
