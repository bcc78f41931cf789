// A self-signed X.509 certificate (ECDSA P-256, SHA-256) for the Kubernetes API's HTTPS listener,
// built with node:crypto and a few lines of DER: kubectl sends bearer tokens only over TLS, and
// Node has no API to issue a certificate. The certificate is its own CA (basicConstraints CA:TRUE), so
// a kubeconfig can trust it by `certificate-authority-data`, and names the hosts it serves as subject
// alternative names (Go's TLS ignores the common name).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
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

export interface SelfSignedCertificate {
  certPem: string;
  keyPem: string;
}

/** A certificate for `hosts` (DNS names and IP addresses), valid from an hour ago for `days` days. */
export function selfSignedCertificate(commonName: string, hosts: readonly string[], days = 3650, now = new Date()): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(commonName))));
  const altNames = sequence(...[...new Set(hosts)].map((h) => (isIP(h) ? tlv(0x87, ipBytes(h)) : tlv(0x82, Buffer.from(h, 'ascii')))));
  const extensions = explicit(3, sequence(
    sequence(oid('2.5.29.19'), bool(true), octetString(sequence(bool(true)))), // basicConstraints: CA
    sequence(oid('2.5.29.15'), bool(true), octetString(tlv(0x03, Buffer.from([0x02, 0xa4])))), // keyUsage: digitalSignature, keyEncipherment, keyCertSign
    sequence(oid('2.5.29.37'), octetString(sequence(oid('1.3.6.1.5.5.7.3.1')))), // extKeyUsage: serverAuth
    sequence(oid('2.5.29.17'), octetString(altNames)),
  ));
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_WITH_SHA256,
    name,
    sequence(time(new Date(now.getTime() - 3600_000)), time(new Date(now.getTime() + days * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const der = sequence(tbs, ECDSA_WITH_SHA256, bitString(signature));
  const body = der.toString('base64').replace(/.{1,64}/g, '$&\n');
  return {
    certPem: `-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}
