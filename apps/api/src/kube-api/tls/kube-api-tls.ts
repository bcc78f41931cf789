// The Kubernetes API's certificate: the configured PEM files, or a self-signed certificate made at the
// first start and kept next to the PGlite directory (so kubeconfigs that trust it stay valid across
// restarts); with nowhere to keep it (PostgreSQL, PGLITE_DIR=memory) a fresh one per start.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config/config.js';
import { selfSignedCertificate } from './x509.js';

export interface KubeApiTls {
  cert: string;
  key: string;
  /** Where the certificate is, when it is in a file (the kubeconfig command embeds it). */
  certFile: string | undefined;
}

export function generatedCertFile(dir: string): string {
  return join(dir, 'kube-api.crt');
}

export function kubeApiTls(config: AppConfig): KubeApiTls {
  const { tlsCertFile, tlsKeyFile, generatedTlsDir } = config.kubeApi;
  if (tlsCertFile && tlsKeyFile) return { cert: readFileSync(tlsCertFile, 'utf8'), key: readFileSync(tlsKeyFile, 'utf8'), certFile: tlsCertFile };
  const hosts = ['localhost', '127.0.0.1', '::1', hostname(), ...(config.host === '0.0.0.0' || config.host === '::' ? [] : [config.host])];
  if (!generatedTlsDir) {
    const made = selfSignedCertificate('coxswain-kube-api', hosts);
    return { cert: made.certPem, key: made.keyPem, certFile: undefined };
  }
  const certFile = generatedCertFile(generatedTlsDir);
  const keyFile = join(generatedTlsDir, 'kube-api.key');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const made = selfSignedCertificate('coxswain-kube-api', hosts);
    mkdirSync(generatedTlsDir, { recursive: true });
    writeFileSync(keyFile, made.keyPem, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    writeFileSync(certFile, made.certPem);
  }
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}
