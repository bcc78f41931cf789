// The kubeconfig command: prints a kubeconfig for the running server's Kubernetes API, so kubectl works
// on the embedded cluster. `npm run -s kubeconfig > .data/coxswain.kubeconfig` (inside the git-ignored
// data directory: the file holds the admin token), then `kubectl --kubeconfig .data/coxswain.kubeconfig
// get clonesets`. Defaults: the address and certificate the running server recorded in its data
// directory (.data/kube-api.json: its real port, host and certificate, whatever KUBE_API_PORT, HOST and
// KUBE_API_TLS_CERT it was started with), else this configuration's HOST, KUBE_API_PORT and certificate;
// the local admin token's secret (.data/pglite/admin-token). `--server URL` and `--token SECRET` override
// them. The certificate is trusted by its data when it names the server's host; otherwise TLS
// verification is skipped, and stderr says so.
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { readRecord } from '../kube-api/kube-api-record.js';
import { generatedCertFile } from '../kube-api/tls/kube-api-tls.js';

const USAGE = `usage: kubeconfig [--server https://HOST:PORT] [--token SECRET] [--namespace NS] [--certificate-authority FILE]
Prints a kubeconfig for Coxswain's Kubernetes API. Defaults: the address and certificate the running
server recorded (.data/kube-api.json), else https://HOST:KUBE_API_PORT of this configuration; the secret
in the local admin token file (.data/pglite/admin-token).`;

export interface KubeconfigOptions {
  server: string;
  token: string;
  namespace: string;
  /** PEM to trust; undefined skips verification. */
  certificateAuthority: string | undefined;
}

export function kubeconfigYaml(options: KubeconfigOptions): string {
  const tls = options.certificateAuthority
    ? `certificate-authority-data: ${Buffer.from(options.certificateAuthority).toString('base64')}`
    : 'insecure-skip-tls-verify: true';
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: coxswain',
    '  cluster:',
    `    server: ${options.server}`,
    `    ${tls}`,
    'users:',
    '- name: coxswain',
    '  user:',
    `    token: ${options.token}`,
    'contexts:',
    '- name: coxswain',
    '  context:',
    '    cluster: coxswain',
    '    user: coxswain',
    `    namespace: ${options.namespace}`,
    'current-context: coxswain',
    '',
  ].join('\n');
}

/** Whether the certificate is valid for the server's host (an IP address or a DNS name). */
function certificateNames(pem: string, server: string): boolean {
  const host = new URL(server).hostname.replace(/^\[|\]$/g, '');
  const cert = new X509Certificate(pem);
  return isIP(host) ? cert.checkIP(host) !== undefined : cert.checkHost(host) !== undefined;
}

export function resolveOptions(config: AppConfig, args: { server?: string; token?: string; namespace?: string; 'certificate-authority'?: string }, warn: (message: string) => void): KubeconfigOptions {
  const dataDir = config.kubeApi.generatedTlsDir;
  const found = dataDir ? readRecord(dataDir) : undefined;
  if (found && 'problem' in found) warn(`${found.problem}: using this configuration's address instead`);
  const record = found && 'record' in found ? found.record : undefined;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const server = args.server ?? record?.server ?? `https://${host.includes(':') ? `[${host}]` : host}:${config.kubeApi.port ?? 3443}`;
  if (!/^https:\/\//.test(server)) throw new Error(`--server ${server}: the Kubernetes API is served over https (kubectl sends tokens only over TLS)`);
  let token = args.token;
  if (!token) {
    const file = config.auth.adminTokenFile;
    if (!file || !existsSync(file)) {
      throw new Error(`no --token given and no local admin token file${file ? ` at ${file}` : ''}: pass --token SECRET (a token of this server, e.g. from \`npm run token -- create\`)`);
    }
    token = readFileSync(file, 'utf8').trim();
  }
  const caFile = args['certificate-authority'] ?? record?.certificateFile ?? config.kubeApi.tlsCertFile ?? (dataDir ? generatedCertFile(dataDir) : undefined);
  let certificateAuthority: string | undefined;
  if (caFile && existsSync(caFile)) {
    const pem = readFileSync(caFile, 'utf8');
    if (certificateNames(pem, server)) certificateAuthority = pem;
    else warn(`the certificate ${caFile} does not name ${new URL(server).hostname}: TLS verification is skipped`);
  } else {
    warn(`no certificate found${caFile ? ` at ${caFile}` : ''} (the server makes one at start): TLS verification is skipped`);
  }
  return { server, token, namespace: args.namespace ?? 'default', certificateAuthority };
}

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' }, token: { type: 'string' }, namespace: { type: 'string' },
      'certificate-authority': { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const options = resolveOptions(loadConfig(), values, (message) => process.stderr.write(`kubeconfig: ${message}\n`));
  process.stdout.write(kubeconfigYaml(options));
  return 0;
}

// Run as the main module, also through a symbolic link (Node loads the module by its real path).
if (process.argv[1] && existsSync(process.argv[1]) && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (err) {
    const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`kubeconfig: ${message}\n${USAGE}\n`);
    process.exit(2);
  }
}
