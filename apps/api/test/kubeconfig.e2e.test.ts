// `npm run -s kubeconfig`: a kubeconfig for the running server that kubectl uses as it is — the local
// admin token, the server's address and certificate as the server recorded them in its data directory
// (whatever its KUBE_API_PORT, HOST or KUBE_API_TLS_CERT), TLS verified, not skipped.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.js';
import { kubeconfigYaml, resolveOptions } from '../src/cli/kubeconfig.js';
import { TestApi } from './support/api-server.js';
import { findKubectl, Kubectl } from './support/kubectl.js';

let api: TestApi;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'coxswain-kubeconfig-'));
  // No BOOTSTRAP_ADMIN_TOKEN: the server makes the local admin token and writes its secret next to PGlite.
  api = await TestApi.start({ PGLITE_DIR: join(dir, 'pglite'), BOOTSTRAP_ADMIN_TOKEN: '', KUBE_API_PORT: '0' });
}, 180_000);

afterAll(async () => {
  await api?.close();
  // The record goes with the server.
  expect(existsSync(join(dir, 'kube-api.json'))).toBe(false);
});

describe('kubeconfig', () => {
  it('defaults to the local admin token and the server\'s certificate, which kubectl verifies', async () => {
    const warnings: string[] = [];
    const options = resolveOptions(loadConfig({ PGLITE_DIR: join(dir, 'pglite') }), { server: api.kubeUrl() }, (w) => warnings.push(w));
    expect(warnings).toEqual([]);
    expect(options.certificateAuthority).toContain('BEGIN CERTIFICATE');
    const text = kubeconfigYaml(options);
    expect(text).not.toContain('insecure-skip-tls-verify');
    const kubectl = new Kubectl(findKubectl(), api.kubeUrl(), 'unused');
    writeFileSync(kubectl.kubeconfig, text);
    const nodes = await kubectl.run(['get', 'nodes', '-o', 'name']);
    expect(nodes.stderr).toBe('');
    expect(nodes.stdout.trim().split('\n')).toHaveLength(9);
  });

  it('finds the running server\'s port and certificate in what it recorded, without KUBE_API_PORT or --server', async () => {
    const record = JSON.parse(readFileSync(join(dir, 'kube-api.json'), 'utf8'));
    expect(record).toEqual({ server: api.kubeUrl(), certificateFile: join(dir, 'kube-api.crt'), pid: process.pid });
    const warnings: string[] = [];
    // The CLI's own configuration says port 3443; the server listens on a free port (KUBE_API_PORT=0).
    const options = resolveOptions(loadConfig({ PGLITE_DIR: join(dir, 'pglite') }), {}, (w) => warnings.push(w));
    expect(warnings).toEqual([]);
    expect(options.server).toBe(api.kubeUrl());
    expect(options.certificateAuthority).toBe(readFileSync(join(dir, 'kube-api.crt'), 'utf8'));
    const kubectl = new Kubectl(findKubectl(), api.kubeUrl(), 'unused');
    writeFileSync(kubectl.kubeconfig, kubeconfigYaml(options));
    const nodes = await kubectl.run(['get', 'nodes', '-o', 'name']);
    expect(nodes.stderr).toBe('');
    expect(nodes.stdout.trim().split('\n')).toHaveLength(9);
  });

  it('ignores (and says so) a record left by a server that is no longer running', () => {
    const other = mkdtempSync(join(tmpdir(), 'coxswain-kubeconfig-'));
    writeFileSync(join(other, 'kube-api.json'), JSON.stringify({ server: 'https://127.0.0.1:1', certificateFile: join(other, 'gone.crt'), pid: 2 ** 30 }));
    const warnings: string[] = [];
    const options = resolveOptions(loadConfig({ PGLITE_DIR: join(other, 'pglite'), KUBE_API_PORT: '6443' }), { token: 'x' }, (w) => warnings.push(w));
    expect(options.server).toBe('https://127.0.0.1:6443');
    expect(warnings[0]).toMatch(/recorded by process 1073741824, which is not running/);
  });

  it('takes --server and --token; skips verification (and says so) when the certificate does not name the host', () => {
    const warnings: string[] = [];
    const options = resolveOptions(loadConfig({ PGLITE_DIR: join(dir, 'pglite') }), { server: 'https://coxswain.example.com:6443', token: 'cxs_abc' }, (w) => warnings.push(w));
    expect(options).toMatchObject({ server: 'https://coxswain.example.com:6443', token: 'cxs_abc', certificateAuthority: undefined });
    expect(warnings[0]).toMatch(/does not name coxswain\.example\.com: TLS verification is skipped/);
    expect(kubeconfigYaml(options)).toContain('insecure-skip-tls-verify: true');
    const local = resolveOptions(loadConfig({ HOST: '0.0.0.0', KUBE_API_PORT: '6443', PGLITE_DIR: 'memory' }), { token: 'x' }, () => {});
    expect(local.server).toBe('https://127.0.0.1:6443');
    expect(() => resolveOptions(loadConfig({ PGLITE_DIR: 'memory' }), {}, () => {})).toThrow(/no --token given and no local admin token file/);
    expect(() => resolveOptions(loadConfig({}), { server: 'http://127.0.0.1:3443', token: 'x' }, () => {})).toThrow(/served over https/);
  });
});
