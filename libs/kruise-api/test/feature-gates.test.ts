import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_FEATURE_GATES,
  FeatureGateError,
  FeatureGates,
  KRUISE_FEATURE_GATES,
  featureGateDocs,
  featureGatesMarkdownTable,
  parseFeatureGates,
  type FeatureGateName,
} from '../src/feature-gates.js';

describe('feature gate defaults (docs/spec/cloneset.md §0)', () => {
  const defaults: [FeatureGateName, boolean][] = [
    ['CloneSetPartitionRollback', false],
    ['CloneSetShortHash', false],
    ['PreparingUpdateAsUpdate', false],
    ['RecreatePodWhenChangeVCTInCloneSetGate', false],
    ['InPlaceUpdateEnvFromMetadata', true],
    ['InPlaceWorkloadVerticalScaling', false],
    ['PodUnavailableBudgetUpdateGate', false],
    ['ForceDeleteTimeoutExpectationFeatureGate', false],
    ['CloneSetEventHandlerOptimization', false],
    ['PreDownloadImageForInPlaceUpdate', false],
    ['TemplateNoDefaults', false],
    ['KruiseDaemon', true],
    ['StatefulSetAutoDeletePVC', true],
    ['StatefulSetStartOrdinal', false],
    ['PodIndexLabel', true],
    ['StatefulSetAutoResizePVCGate', false],
    ['KeepWorkloadPausedOnRolloutDeletion', false],
    ['ImagePullJobGate', false],
    ['AdvancedDeployment', false],
  ];
  it.each(defaults)('%s defaults to %s', (name, value) => {
    expect(DEFAULT_FEATURE_GATES.enabled(name)).toBe(value);
  });

  it('lists every gate once, each with a one-line description', () => {
    const names = featureGateDocs().map((gate) => gate.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(defaults.map(([name]) => name));
    for (const gate of featureGateDocs()) {
      expect(gate.description).not.toMatch(/\n/);
      expect(gate.description.length).toBeGreaterThan(10);
    }
    expect(KRUISE_FEATURE_GATES.length).toBe(defaults.length);
  });

  it('renders the README table', () => {
    const lines = featureGatesMarkdownTable().split('\n');
    expect(lines[0]).toBe('| gate | default | meaning |');
    expect(lines).toHaveLength(defaults.length + 2);
    expect(lines).toContain(`| \`TemplateNoDefaults\` | false | ${KRUISE_FEATURE_GATES.find((g) => g.name === 'TemplateNoDefaults')!.description} |`);
  });
});

describe('FeatureGates', () => {
  it('is immutable: with() returns a new value', () => {
    const on = DEFAULT_FEATURE_GATES.with({ CloneSetShortHash: true });
    expect(on.enabled('CloneSetShortHash')).toBe(true);
    expect(DEFAULT_FEATURE_GATES.enabled('CloneSetShortHash')).toBe(false);
    expect(Object.isFrozen(on)).toBe(true);
  });

  it('KruiseDaemon off forces InPlaceUpdateEnvFromMetadata and PreDownloadImageForInPlaceUpdate off', () => {
    const gates = FeatureGates.from({ KruiseDaemon: false, InPlaceUpdateEnvFromMetadata: true, PreDownloadImageForInPlaceUpdate: true });
    expect(gates.enabled('InPlaceUpdateEnvFromMetadata')).toBe(false);
    expect(gates.enabled('PreDownloadImageForInPlaceUpdate')).toBe(false);
    expect(gates.with({ KruiseDaemon: true }).enabled('InPlaceUpdateEnvFromMetadata')).toBe(true);
  });

  it('toRecord gives effective values and toString the explicit settings', () => {
    const gates = FeatureGates.from({ TemplateNoDefaults: true, KruiseDaemon: false });
    expect(gates.toRecord().InPlaceUpdateEnvFromMetadata).toBe(false);
    expect(gates.toRecord().TemplateNoDefaults).toBe(true);
    expect(gates.toString()).toBe('KruiseDaemon=false,TemplateNoDefaults=true');
    expect(parseFeatureGates(gates.toString()).toRecord()).toEqual(gates.toRecord());
  });

  it('refuses unknown names in from()', () => {
    expect(() => FeatureGates.from({ Nope: true } as never)).toThrow(FeatureGateError);
  });
});

describe('parseFeatureGates', () => {
  it('parses A=true,B=false with blanks and ParseBool spellings', () => {
    const gates = parseFeatureGates(' CloneSetShortHash=true , TemplateNoDefaults=T,KruiseDaemon=0,');
    expect(gates.enabled('CloneSetShortHash')).toBe(true);
    expect(gates.enabled('TemplateNoDefaults')).toBe(true);
    expect(gates.enabled('KruiseDaemon')).toBe(false);
  });

  it('an empty string gives the defaults', () => {
    expect(parseFeatureGates('').toRecord()).toEqual(DEFAULT_FEATURE_GATES.toRecord());
  });

  it('applies on top of a base', () => {
    const base = FeatureGates.from({ CloneSetShortHash: true });
    expect(parseFeatureGates('TemplateNoDefaults=true', base).enabled('CloneSetShortHash')).toBe(true);
  });

  const bad: { text: string; gate: string; message: RegExp }[] = [
    { text: 'CloneSetShortHash=true,Bogus=true', gate: 'Bogus', message: /unrecognized feature gate: "Bogus"/ },
    { text: 'cloneSetShortHash=true', gate: 'cloneSetShortHash', message: /unrecognized feature gate/ },
    { text: 'CloneSetShortHash=yes', gate: 'CloneSetShortHash', message: /invalid value of feature gate CloneSetShortHash=yes/ },
    { text: 'CloneSetShortHash=', gate: 'CloneSetShortHash', message: /CloneSetShortHash/ },
    { text: 'CloneSetShortHash', gate: 'CloneSetShortHash', message: /missing bool value for feature gate CloneSetShortHash/ },
  ];
  it.each(bad)('refuses $text naming $gate', ({ text, gate, message }) => {
    let caught: unknown;
    try {
      parseFeatureGates(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FeatureGateError);
    expect((caught as FeatureGateError).gate).toBe(gate);
    expect((caught as FeatureGateError).message).toMatch(message);
  });
});
