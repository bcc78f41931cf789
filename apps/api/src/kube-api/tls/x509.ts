// X.509 certificates (ECDSA P-256, SHA-256) built with node:crypto and a few lines of DER, because Node
// has no API to issue one: a self-signed certificate for the Kubernetes API's HTTPS listener (kubectl
// sends bearer tokens only over TLS), and a certificate authority with a serving certificate it signs for
// the admission webhook (the API server trusts the webhook through the authority's `caBundle`). Hosts are
// subject alternative names (Go's TLS ignores the common name).
import { createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIP } from 'node:net';

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const octetString = (b: Buffer) => tlv(0x04, b);
const bitString = (b: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), b]));
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);

function integer(bytes: Buffer): Buffer {
  const trimmed = bytes[0] === 0 && bytes.length > 1 ? bytes.subarray(1) : bytes;
  return tlv(0x02, trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const out = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  // UTCTime up to 2049, GeneralizedTime after (RFC 5280 §4.1.2.5).
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2), 'ascii')) : tlv(0x18, Buffer.from(iso, 'ascii'));
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  const [head, tail = ''] = ip.split('::');
  const parts = (s: string) => (s ? s.split(':') : []);
  const groups = [...parts(head!), ...Array(8 - parts(head!).length - parts(tail).length).fill('0'), ...parts(tail)];
  return Buffer.concat(groups.map((g) => Buffer.from(g.padStart(4, '0'), 'hex')));
}

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

// keyUsage bits, DER BIT STRING content (unused-bit count first): digitalSignature, keyEncipherment,
// keyCertSign for a self-signed server; digitalSignature, keyCertSign, cRLSign for an authority;
// digitalSignature, keyEncipherment for a certificate an authority signs.
const SELF_SIGNED_USAGE = Buffer.from([0x02, 0xa4]);
const AUTHORITY_USAGE = Buffer.from([0x01, 0x86]);
const SERVER_USAGE = Buffer.from([0x05, 0xa0]);

export interface SelfSignedCertificate {
  certPem: string;
  keyPem: string;
}

export interface CertificateRequest {
  commonName: string;
  /** DNS names and IP addresses the certificate is for (subject alternative names); none for an authority. */
  hosts: readonly string[];
  notBefore: Date;
  notAfter: Date;
  /** `self`: its own authority, and a server (the Kubernetes API's); `authority`: a CA that signs others; `server`: signed by `issuer`. */
  role: 'self' | 'authority' | 'server';
  /** The authority that signs a `server` certificate. */
  issuer?: { commonName: string; keyPem: string };
}

function distinguishedName(commonName: string): Buffer {
  return sequence(set(sequence(oid('2.5.4.3'), utf8(commonName))));
}

function extensions(request: CertificateRequest): Buffer {
  const altNames = sequence(...[...new Set(request.hosts)].map((h) => (isIP(h) ? tlv(0x87, ipBytes(h)) : tlv(0x82, Buffer.from(h, 'ascii')))));
  const isAuthority = request.role !== 'server';
  const usage = request.role === 'self' ? SELF_SIGNED_USAGE : request.role === 'authority' ? AUTHORITY_USAGE : SERVER_USAGE;
  const list = [
    // basicConstraints (critical): CA:TRUE, or an empty sequence (CA:FALSE, the DER default left out).
    sequence(oid('2.5.29.19'), bool(true), octetString(isAuthority ? sequence(bool(true)) : sequence())),
    sequence(oid('2.5.29.15'), bool(true), octetString(tlv(0x03, usage))),
  ];
  if (request.role !== 'authority') {
    list.push(sequence(oid('2.5.29.37'), octetString(sequence(oid('1.3.6.1.5.5.7.3.1'))))); // extKeyUsage: serverAuth
  }
  if (request.hosts.length > 0) list.push(sequence(oid('2.5.29.17'), octetString(altNames)));
  return explicit(3, sequence(...list));
}

/** A certificate and its new private key (PEM), signed by itself or by `request.issuer`. */
export function issueCertificate(request: CertificateRequest): SelfSignedCertificate {
  if (request.role === 'server' && !request.issuer) throw new Error('a server certificate needs the authority that signs it');
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signer = request.role === 'server' ? createPrivateKey(request.issuer!.keyPem) : privateKey;
  const issuerName = distinguishedName(request.role === 'server' ? request.issuer!.commonName : request.commonName);
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_WITH_SHA256,
    issuerName,
    sequence(time(request.notBefore), time(request.notAfter)),
    distinguishedName(request.commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions(request),
  );
  const signature = sign('sha256', tbs, { key: signer, dsaEncoding: 'der' });
  const der = sequence(tbs, ECDSA_WITH_SHA256, bitString(signature));
  const body = der.toString('base64').replace(/.{1,64}/g, '$&\n');
  return {
    certPem: `-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

/**
 * A self-signed certificate for `hosts`, valid from an hour ago for `days` days. It is its own CA
 * (basicConstraints CA:TRUE), so a kubeconfig can trust it by `certificate-authority-data`.
 */
export function selfSignedCertificate(commonName: string, hosts: readonly string[], days = 3650, now = new Date()): SelfSignedCertificate {
  return issueCertificate({
    commonName, hosts, role: 'self', notBefore: new Date(now.getTime() - 3600_000), notAfter: new Date(now.getTime() + days * 86_400_000),
  });
}
