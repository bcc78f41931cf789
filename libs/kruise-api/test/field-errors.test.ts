import { describe, expect, it } from '@jest/globals';
import {
  FieldPath,
  InvalidObjectError,
  duplicateField,
  forbiddenField,
  formatFieldError,
  formatFieldErrors,
  invalidField,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  notFoundField,
  notSupportedField,
  requiredField,
  validateLabels,
} from '../src/field-errors.js';

describe('FieldPath', () => {
  it('prints like Kubernetes field.Path', () => {
    const spec = FieldPath.of('spec');
    expect(spec.child('template', 'spec').child('containers').index(1).child('name').toString()).toBe('spec.template.spec.containers[1].name');
    expect(FieldPath.of('metadata').child('labels').key('app').toString()).toBe('metadata.labels[app]');
  });
});

describe('formatFieldError (field.Error.Error())', () => {
  const cases = [
    { error: invalidField('spec.updateStrategy.maxSurge', '3', 'can not use maxSurge with strategy type InPlaceOnly'), text: 'spec.updateStrategy.maxSurge: Invalid value: "3": can not use maxSurge with strategy type InPlaceOnly' },
    { error: invalidField('spec.replicas', -1, 'must be greater than or equal to 0'), text: 'spec.replicas: Invalid value: -1: must be greater than or equal to 0' },
    { error: invalidField('spec.template.metadata.labels', { app: 'x' }, 'no match'), text: 'spec.template.metadata.labels: Invalid value: {"app":"x"}: no match' },
    { error: invalidField('spec.x', undefined, 'bad'), text: 'spec.x: Invalid value: null: bad' },
    { error: requiredField('spec.selector'), text: 'spec.selector: Required value' },
    { error: requiredField('spec.template.spec.containers', 'needs one'), text: 'spec.template.spec.containers: Required value: needs one' },
    { error: forbiddenField('spec.selector', 'field is immutable'), text: 'spec.selector: Forbidden: field is immutable' },
    { error: duplicateField('spec.scaleStrategy.podsToDelete[1]', 'web-a'), text: 'spec.scaleStrategy.podsToDelete[1]: Duplicate value: "web-a"' },
    {
      error: notSupportedField('spec.template.spec.restartPolicy', 'Never', ['Always']),
      text: 'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    },
    { error: notFoundField('spec.x[0].name', 'data'), text: 'spec.x[0].name: Not found: "data"' },
  ];
  it.each(cases)('$text', ({ error, text }) => {
    expect(formatFieldError(error)).toBe(text);
  });

  it('aggregates like Kubernetes', () => {
    const a = requiredField('a');
    const b = forbiddenField('b', 'no');
    expect(formatFieldErrors([a])).toBe('a: Required value');
    expect(formatFieldErrors([a, b])).toBe('[a: Required value, b: Forbidden: no]');
    expect(new InvalidObjectError('CloneSet.apps.kruise.io', 'web', [a]).message).toBe('CloneSet.apps.kruise.io "web" is invalid: a: Required value');
  });
});

describe('name checks', () => {
  it.each(['a', 'web-1', '0abc', 'a'.repeat(63)])('%s is a DNS-1123 label', (name) => expect(isDNS1123Label(name)).toEqual([]));
  it.each(['', 'Web', 'a_b', '-a', 'a-', 'a.b', 'a'.repeat(64)])('%j is not a DNS-1123 label', (name) => expect(isDNS1123Label(name)).not.toEqual([]));
  it.each(['web', 'a.b-c.d'])('%s is a DNS-1123 subdomain', (name) => expect(isDNS1123Subdomain(name)).toEqual([]));
  it.each(['A.b', 'a..b', '.a'])('%j is not a DNS-1123 subdomain', (name) => expect(isDNS1123Subdomain(name)).not.toEqual([]));
  it.each(['app', 'app.kubernetes.io/name', 'A_b.c'])('%s is a qualified name', (name) => expect(isQualifiedName(name)).toEqual([]));
  it.each(['', '/a', 'a/', 'Bad.Prefix/a', 'a b', '-a'])('%j is not a qualified name', (name) => expect(isQualifiedName(name)).not.toEqual([]));
  it.each(['', 'v1', 'A-b_c.d'])('%j is a label value', (value) => expect(isValidLabelValue(value)).toEqual([]));
  it.each(['-a', 'a b', 'x'.repeat(64)])('%j is not a label value', (value) => expect(isValidLabelValue(value)).not.toEqual([]));

  it('validateLabels reports every bad key and value at the given path', () => {
    const errors = validateLabels({ ok: 'yes', 'bad key': 'v', good: 'bad value' }, 'metadata.labels');
    expect(errors.map((e) => [e.field, e.type, e.value])).toEqual([
      ['metadata.labels', 'Invalid', 'bad key'],
      ['metadata.labels', 'Invalid', 'bad value'],
    ]);
  });
});
