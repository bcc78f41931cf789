// Pod QoS classes as Kubernetes' ComputePodQOS gives them (pkg/apis/core/helper/qos/qos_test.go's cases).
import { describe, expect, it } from '@jest/globals';
import type { Container, PodSpec } from '../src/core.js';
import { podQosClass, type QosClass } from '../src/pod-qos.js';

const c = (requests?: Record<string, string>, limits?: Record<string, string>): Container => ({
  name: 'c', image: 'nginx', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) },
});

describe('podQosClass', () => {
  const cases: [string, PodSpec, QosClass][] = [
    ['no resources', { containers: [c(), c()] }, 'BestEffort'],
    ['only other resources', { containers: [c({ 'nvidia.com/gpu': '1' }, { 'nvidia.com/gpu': '1' })] }, 'BestEffort'],
    ['zero requests', { containers: [c({ cpu: '0', memory: '0' })] }, 'BestEffort'],
    ['requests equal limits in every container', { containers: [c({ cpu: '100m', memory: '100Mi' }, { cpu: '100m', memory: '100Mi' }), c({ cpu: '1', memory: '1Gi' }, { cpu: '1', memory: '1Gi' })] }, 'Guaranteed'],
    ['limits only (requests default to them)', { containers: [c(undefined, { cpu: '100m', memory: '100Mi' })] }, 'Guaranteed'],
    ['equal values written differently', { containers: [c({ cpu: '0.1', memory: '1Gi' }, { cpu: '100m', memory: '1073741824' })] }, 'Guaranteed'],
    ['an init container counts too', { initContainers: [c({ cpu: '100m' })], containers: [c({ cpu: '100m', memory: '1Gi' }, { cpu: '100m', memory: '1Gi' })] }, 'Burstable'],
    ['requests below limits', { containers: [c({ cpu: '50m', memory: '100Mi' }, { cpu: '100m', memory: '100Mi' })] }, 'Burstable'],
    ['cpu limit without a memory limit', { containers: [c(undefined, { cpu: '100m' })] }, 'Burstable'],
    ['one container limited, another not', { containers: [c({ cpu: '100m', memory: '100Mi' }, { cpu: '100m', memory: '100Mi' }), c()] }, 'Burstable'],
    ['requests only', { containers: [c({ memory: '64Mi' })] }, 'Burstable'],
  ];
  it.each(cases)('%s', (_what, spec, expected) => {
    expect(podQosClass(spec)).toBe(expected);
  });
});
