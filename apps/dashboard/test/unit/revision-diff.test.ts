import { describe, expect, it } from '@jest/globals';
import { imageChanges, lineDiff, templateText, withContext } from '../../src/lib/rollout/revision-diff';
import { containersOf } from '../../src/lib/rollout/containers';

const revision = (image: string, extra = '') => `apiVersion: apps/v1
kind: ControllerRevision
metadata:
  name: sample-1
revision: 1
data:
  spec:
    template:
      $patch: replace
      metadata:
        labels:
          app: sample
      spec:
        containers:
        - image: ${image}
          name: nginx
${extra}        restartPolicy: Always
`;

describe('revision diff', () => {
  it('extracts the pod template with sorted keys and without $patch', () => {
    const text = templateText(revision('nginx:1'));
    expect(text).not.toContain('$patch');
    expect(text.indexOf('metadata:')).toBeLessThan(text.indexOf('spec:'));
    expect(text).toContain('image: nginx:1');
  });

  it('compares by content, not key order', () => {
    const reordered = revision('nginx:1').replace('        - image: nginx:1\n          name: nginx', '        - name: nginx\n          image: nginx:1');
    expect(lineDiff(templateText(revision('nginx:1')), templateText(reordered)).every((l) => l.op === 'same')).toBe(true);
  });

  it('shows a changed image as one removed and one added line', () => {
    const diff = lineDiff(templateText(revision('nginx:1')), templateText(revision('nginx:2')));
    expect(diff.filter((l) => l.op !== 'same')).toEqual([
      { op: 'del', text: '    - image: nginx:1' },
      { op: 'add', text: '    - image: nginx:2' },
    ]);
  });

  it('shows an added field', () => {
    const diff = lineDiff(templateText(revision('nginx:1')), templateText(revision('nginx:1', '        dnsPolicy: None\n')));
    expect(diff.filter((l) => l.op !== 'same')).toEqual([{ op: 'add', text: '  dnsPolicy: None' }]);
  });

  it('diffs plain lines (LCS) and keeps context around changes', () => {
    const diff = lineDiff('a\nb\nc\nd\ne\nf\ng\n', 'a\nb\nc\nD\ne\nf\ng\n');
    expect(withContext(diff, 1)).toEqual([
      { op: 'gap', hidden: 2 },
      { op: 'same', text: 'c' },
      { op: 'del', text: 'd' },
      { op: 'add', text: 'D' },
      { op: 'same', text: 'e' },
      { op: 'gap', hidden: 2 },
    ]);
    expect(lineDiff('', 'x')).toEqual([{ op: 'add', text: 'x' }]);
    expect(lineDiff('x', '')).toEqual([{ op: 'del', text: 'x' }]);
  });

  it('lists image changes container by container', () => {
    expect(imageChanges(['a:1', 'b:1'], ['a:2', 'b:1', 'c:1'])).toEqual([
      { index: 0, from: 'a:1', to: 'a:2' },
      { index: 2, from: null, to: 'c:1' },
    ]);
    expect(imageChanges(['a:1'], ['a:1'])).toEqual([]);
  });

  it('tolerates a manifest without a template and YAML it cannot parse', () => {
    expect(templateText('kind: ControllerRevision\n')).toBe('');
    expect(templateText(': : :\n  - [')).toBe(': : :\n  - [');
  });

  it('reads the containers of a workload manifest', () => {
    const cs =
      'kind: CloneSet\nspec:\n  template:\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:alpine\n      - name: side\n        image: envoy:1\n';
    expect(containersOf(cs)).toEqual([
      { name: 'nginx', image: 'nginx:alpine' },
      { name: 'side', image: 'envoy:1' },
    ]);
    expect(containersOf('kind: CloneSet\n')).toEqual([]);
  });

  it('reads the containers of a UnitedDeployment from its subset workload template', () => {
    const ud =
      'kind: UnitedDeployment\nspec:\n  template:\n    statefulSetTemplate:\n      spec:\n        template:\n          spec:\n            containers:\n            - name: nginx\n              image: nginx:alpine\n';
    expect(containersOf(ud)).toEqual([{ name: 'nginx', image: 'nginx:alpine' }]);
    expect(containersOf(ud.replace('statefulSetTemplate', 'cloneSetTemplate'))).toEqual([{ name: 'nginx', image: 'nginx:alpine' }]);
  });
});
