// The webhook's certificates as Kruise's self-signed generator makes them: an authority ("webhook-cert-ca",
// ten years) whose certificate is the caBundle the API server trusts, and a serving certificate it signs
// for the Service's DNS name (and localhost), also ten years. A set is good while the pair matches, the
// authority signed the certificate, the certificate names the DNS name, and both are still valid when
// the renewal margin has passed (Kruise renews six months before expiry); a rotation keeps an authority
// that stays valid for at least another year, so the caBundle the API server holds stays the same.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { issueCertificate } from '../../kube-api/tls/x509.js';

export const AUTHORITY_NAME = 'webhook-cert-ca';
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
export const CERTIFICATE_LIFETIME_MS = 10 * YEAR_MS;
/** Kruise's CERTS_RENEW_BEFORE default: six months of thirty days. */
export const RENEW_BEFORE_MS = 6 * 30 * DAY_MS;
/** An authority is reused for a new certificate only while it stays valid for this long (Kruise: a year). */
const AUTHORITY_REUSE_MS = YEAR_MS;

/** PEM texts: the authority's certificate and key, and the serving certificate and key. */
export interface CertificateSet {
  caCert: string;
  /** Absent when a Secret holds none (written by someone else): a rotation then makes a new authority. */
  caKey?: string;
  cert: string;
  key: string;
}

function parse(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

function validThrough(cert: X509Certificate, at: number): boolean {
  return Date.parse(cert.validFrom) <= at && at <= Date.parse(cert.validTo);
}

function pairs(cert: X509Certificate, keyPem: string): boolean {
  try {
    return cert.checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}

/** Whether `set` can serve `dnsName` from `now` until past the renewal margin. */
export function isCertificateSetGood(set: Partial<CertificateSet> | undefined, dnsName: string, now: number): set is CertificateSet {
  if (!set?.cert || !set.key || !set.caCert) return false;
  const cert = parse(set.cert);
  const ca = parse(set.caCert);
  if (!cert || !ca || !ca.ca || !pairs(cert, set.key)) return false;
  const at = now + RENEW_BEFORE_MS;
  return cert.checkIssued(ca) && cert.verify(ca.publicKey) && cert.checkHost(dnsName) !== undefined && validThrough(cert, at) && validThrough(ca, at);
}

function reusableAuthority(set: Partial<CertificateSet> | undefined, now: number): { caCert: string; caKey: string } | undefined {
  if (!set?.caCert || !set.caKey) return undefined;
  const ca = parse(set.caCert);
  // Only an authority of ours: a serving certificate names its issuer by AUTHORITY_NAME.
  if (!ca || !ca.ca || ca.subject !== `CN=${AUTHORITY_NAME}` || !pairs(ca, set.caKey) || !validThrough(ca, now + AUTHORITY_REUSE_MS)) return undefined;
  return { caCert: set.caCert, caKey: set.caKey };
}

/** A new serving certificate for `dnsName`, signed by the previous authority when it may be reused, else by a new one. */
export function issueCertificateSet(dnsName: string, now: number, previous?: Partial<CertificateSet>): Required<CertificateSet> {
  const authority = reusableAuthority(previous, now) ?? (() => {
    const made = issueCertificate({ commonName: AUTHORITY_NAME, hosts: [], role: 'authority', notBefore: new Date(now), notAfter: new Date(now + CERTIFICATE_LIFETIME_MS) });
    return { caCert: made.certPem, caKey: made.keyPem };
  })();
  const caStart = Date.parse(new X509Certificate(authority.caCert).validFrom);
  const serving = issueCertificate({
    commonName: dnsName,
    hosts: ['localhost', dnsName],
    role: 'server',
    issuer: { commonName: AUTHORITY_NAME, keyPem: authority.caKey },
    // As Kruise's: valid from when the authority is, for ten years from now.
    notBefore: new Date(caStart),
    notAfter: new Date(now + CERTIFICATE_LIFETIME_MS),
  });
  return { caCert: authority.caCert, caKey: authority.caKey, cert: serving.certPem, key: serving.keyPem };
}
