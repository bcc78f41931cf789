// Every command of coxswain, with its flags, help and examples, in one tree.
import { apply } from '../commands/apply.js';
import { audit } from '../commands/audit.js';
import { completionScript } from '../commands/completion.js';
import { currentContext, getContexts, setContextCommand, useContext } from '../commands/config.js';
import { describe } from '../commands/describe.js';
import { get } from '../commands/get.js';
import { hooksAck, hooksList } from '../commands/hooks.js';
import { partition, scale, setImage } from '../commands/mutate.js';
import { preview } from '../commands/preview.js';
import { rolloutHistory, rolloutPause, rolloutResume, rolloutStatus, rolloutUndo } from '../commands/rollout.js';
import { rolloutAbort, rolloutApprove, rolloutJump } from '../commands/rollout-actions.js';
import { version } from '../commands/version.js';
import { KIND_WORDS } from '../kinds.js';
import type { CommandSpec, FlagSpec, GroupSpec } from './spec.js';

const OUTPUT: FlagSpec = { name: 'output', short: 'o', type: 'string', value: 'FORMAT', description: 'json, yaml, wide or name', values: ['json', 'yaml', 'wide', 'name'] };
const HOOK_NAMES = ['preDelete', 'preUpdate', 'postUpdate', 'preNormal'];
const ALL_NAMESPACES: FlagSpec = { name: 'all-namespaces', short: 'A', type: 'boolean', description: 'every namespace (the namespace flag is ignored)' };

/** The flags of rollout approve, jump and abort. */
const ROLLOUT_ACTION_FLAGS: FlagSpec[] = [
  { name: 'reason', type: 'string', value: 'TEXT', description: 'why; recorded in the audit log (required)' },
  { name: 'idempotency-key', type: 'string', value: 'KEY', description: 'retries with the same key get the first answer (default: a new UUID, printed)' },
];

const TARGET = `KIND/NAME, where KIND is one of ${KIND_WORDS}`;

function command(spec: Omit<CommandSpec, 'kind'>): CommandSpec {
  return { kind: 'command', ...spec };
}

export const ROOT: GroupSpec = {
  kind: 'group',
  name: 'coxswain',
  summary: "coxswain controls Coxswain's rollouts from the command line",
  description: [
    "coxswain controls Coxswain's rollouts from the command line: CloneSets, Advanced StatefulSets and",
    'UnitedDeployments, their partitions and rollouts, lifecycle hooks and the audit log, through the',
    "API's GraphQL. Where to connect comes from a context (coxswain config --help), or --server and --token.",
  ].join('\n'),
  children: [
    command({
      name: 'get',
      summary: 'List workloads, or show one, with kubectl\'s columns',
      description: `List the workloads of a kind, or show one, with kubectl's columns for the kind (Kruise's
printer columns: for a CloneSet NAME DESIRED UPDATED UPDATED_READY UPDATED_AVAILABLE READY TOTAL AGE).

KIND is one of ${KIND_WORDS}.`,
      usage: 'KIND [NAME] [flags]',
      examples: [
        { comment: 'List the CloneSets of the current namespace', command: 'coxswain get clonesets' },
        { comment: 'Every UnitedDeployment, in every namespace', command: 'coxswain get ud -A' },
        { comment: 'One CloneSet with its containers, images and selector', command: 'coxswain get clone web -o wide' },
        { comment: 'The stored object, as YAML', command: 'coxswain get cloneset/web -o yaml' },
      ],
      flags: [ALL_NAMESPACES, OUTPUT],
      run: get,
    }),
    command({
      name: 'describe',
      summary: 'Show a workload in detail: health, plan, blockers, revisions, events',
      description: `Show a workload in detail: its health and why, the controller's plan (what it does next
and what blocks it, pod by pod), its revisions, subsets (UnitedDeployment) or ordinals (Advanced
StatefulSet), conditions and events.`,
      usage: 'KIND NAME [flags]',
      examples: [
        { comment: 'Why is the rollout of web not moving?', command: 'coxswain describe cloneset web' },
        { comment: 'A UnitedDeployment with its subsets, in namespace shop', command: 'coxswain describe ud/sample-ud -n shop' },
      ],
      flags: [{ name: 'events', type: 'int', value: 'N', description: 'how many events to show, newest first', default: '20' }],
      run: describe,
    }),
    {
      kind: 'group',
      name: 'rollout',
      summary: 'Follow and steer the rollout of a workload, and approve, jump or abort a Rollout',
      children: [
        command({
          name: 'status',
          summary: 'Show the rollout status; with --watch, wait for it to finish',
          description: `Show the rollout status of a workload, from the API's health (the same the dashboard shows).
With --watch, wait (following the workloadChanged subscription) until the rollout is complete, held
or degraded, or --timeout passes.

Exit codes:
  0  complete: every pod at the update revision and available, and the status counts agree
  1  error (the workload does not exist, the API refused or cannot be reached)
  2  usage error
  3  held: a partition or a pause keeps the rest back; step the partition or resume
  4  degraded: pods fail, cannot be scheduled or pulled, or the progress deadline passed
  5  timed out (--watch --timeout)
  6  in progress (without --watch): progressing, or waiting on a lifecycle hook

${TARGET}.`,
          usage: 'KIND/NAME [flags]',
          examples: [
            { comment: 'The status now (exit code 6 while it is still rolling)', command: 'coxswain rollout status cloneset/web' },
            { comment: 'Wait for the rollout, at most 10 minutes', command: 'coxswain rollout status cloneset/web --watch --timeout 10m' },
            { comment: 'In a script: step the partition when the canary is done', command: 'coxswain rollout status clone/web -w; [ $? -eq 3 ] && coxswain partition clone/web step by 2' },
          ],
          flags: [
            { name: 'watch', short: 'w', type: 'boolean', description: 'wait until the rollout is complete, held or degraded' },
            { name: 'timeout', type: 'string', value: 'DURATION', description: 'with --watch, give up after this long (30s, 5m, 1h); 0 waits forever', default: '0' },
          ],
          run: rolloutStatus,
        }),
        command({
          name: 'history',
          summary: 'List the revisions of a workload',
          description: `List the revisions (ControllerRevisions) of a workload, oldest first, with their images, their pods,
and which is current and which the update revision. With --revision, print that revision.

${TARGET}.`,
          usage: 'KIND/NAME [flags]',
          examples: [
            { comment: 'The revisions of web', command: 'coxswain rollout history cloneset/web' },
            { comment: 'Revision 2 in full', command: 'coxswain rollout history cloneset/web --revision 2' },
          ],
          flags: [{ name: 'revision', type: 'int', value: 'N', description: 'print this revision in full' }],
          run: rolloutHistory,
        }),
        command({
          name: 'undo',
          summary: 'Roll back to the previous revision, or to --to-revision',
          description: `Restore the pod template of an earlier revision; the controller rolls the pods to it. Without
--to-revision, the revision before the update revision.

${TARGET}.`,
          usage: 'KIND/NAME [flags]',
          examples: [
            { comment: 'Back to the previous revision', command: 'coxswain rollout undo cloneset/web' },
            { comment: 'Back to revision 3', command: 'coxswain rollout undo cloneset/web --to-revision 3' },
          ],
          flags: [{ name: 'to-revision', type: 'int', value: 'N', description: 'the revision to roll back to; 0 is the previous one', default: '0' }],
          run: rolloutUndo,
        }),
        command({
          name: 'pause',
          summary: 'Pause the rollout (no pod is updated until resumed; scaling goes on)',
          description: `Pause the rollout: updateStrategy paused. No pod is updated until it is resumed; scaling goes on.
A UnitedDeployment has no pause: hold a subset with its partition.

${TARGET}.`,
          usage: 'KIND/NAME [flags]',
          examples: [{ comment: 'Pause web', command: 'coxswain rollout pause cloneset/web' }],
          flags: [],
          run: rolloutPause,
        }),
        command({
          name: 'resume',
          summary: 'Resume a paused rollout',
          description: `Resume a paused rollout.

${TARGET}.`,
          usage: 'KIND/NAME [flags]',
          examples: [{ comment: 'Resume web', command: 'coxswain rollout resume cloneset/web' }],
          flags: [],
          run: rolloutResume,
        }),
        command({
          name: 'approve',
          summary: 'Approve the step a Rollout (rollouts.kruise.io) waits on',
          description: `Approve the step an OpenKruise Rollout waits on (StepPaused, or a step whose analysis failed with
onFailure: Pause): the step is done and the Rollout moves to the next, as kubectl-kruise rollout approve
does, but recorded with your token's name and the reason. Needs the rollout-approver (or admin) role.
Every approval carries an idempotency key: without --idempotency-key one is generated and printed (on
stderr), and retrying with that key gets the first answer instead of approving twice.

ROLLOUT is rollout/NAME or NAME, in the namespace of -n or the context.`,
          usage: 'ROLLOUT --reason TEXT [flags]',
          examples: [
            { comment: 'Approve the first batch of the shop release', command: 'coxswain rollout approve rollout/shop --reason "canary dashboards green"' },
          ],
          flags: ROLLOUT_ACTION_FLAGS,
          run: rolloutApprove,
        }),
        command({
          name: 'jump',
          summary: 'Make a Rollout run another step next',
          description: `Set the step an OpenKruise Rollout runs next (its nextStepIndex): a later step skips ahead, the current
or an earlier one runs again (pods already updated stay updated). Refused for a step the Rollout does not
have, or the one it goes to anyway. Needs the rollout-approver (or admin) role; recorded with the reason.

ROLLOUT is rollout/NAME or NAME.`,
          usage: 'ROLLOUT STEP --reason TEXT [flags]',
          examples: [{ comment: 'Go straight to the last of 3 steps', command: 'coxswain rollout jump shop 3 --reason "hotfix, approved by the on-call lead"' }],
          flags: ROLLOUT_ACTION_FLAGS,
          run: rolloutJump,
        }),
        command({
          name: 'abort',
          summary: "Abort a Rollout's release: back to the stable revision",
          description: `Abort the release an OpenKruise Rollout is making: the workload's pod template is set back to the
stable revision's, and the Rollout cancels the release (every pod returns to the stable revision).
Needs the rollout-approver (or admin) role; recorded with the reason.

ROLLOUT is rollout/NAME or NAME.`,
          usage: 'ROLLOUT --reason TEXT [flags]',
          examples: [{ comment: 'Abort the shop release', command: 'coxswain rollout abort rollout/shop --reason "error rate up on the canary"' }],
          flags: ROLLOUT_ACTION_FLAGS,
          run: rolloutAbort,
        }),
      ],
    },
    {
      kind: 'group',
      name: 'set',
      summary: 'Set a field of a workload',
      children: [
        command({
          name: 'image',
          summary: 'Set the image of one container of the pod template',
          description: `Set the image of one container of the pod template: a new revision to roll out (the partition, if
any, still holds its pods back).

${TARGET}.`,
          usage: 'KIND/NAME CONTAINER=IMAGE [flags]',
          examples: [
            { comment: 'Roll web to nginx 1.27', command: 'coxswain set image cloneset/web nginx=nginx:1.27' },
          ],
          flags: [],
          run: setImage,
        }),
      ],
    },
    command({
      name: 'partition',
      summary: 'Set or step the partition (pods kept at the current revision)',
      description: `Set the partition of a workload (the pods, or a percentage of them, kept at the current revision;
for an Advanced StatefulSet the lowest ordinals kept), or step it: lower it by N pods (1 by default)
from what it holds back now. A step is conditional on the workload not having changed since it was
read. For a UnitedDeployment the partition is per subset: --subset names it (set without --subset
sets every subset's).

${TARGET}.`,
      usage: 'KIND/NAME set N | step [by N] [flags]',
      examples: [
        { comment: 'Hold every pod of a 5-pod CloneSet on the current revision', command: 'coxswain partition cloneset/web set 5' },
        { comment: 'Keep 40% on the current revision', command: 'coxswain partition cloneset/web set 40%' },
        { comment: 'Let one more pod update', command: 'coxswain partition cloneset/web step' },
        { comment: 'Let two more pods of subset-b update', command: 'coxswain partition ud/sample-ud step by 2 --subset subset-b' },
      ],
      flags: [{ name: 'subset', type: 'string', value: 'NAME', description: 'UnitedDeployment: the subset whose partition to set or step' }],
      run: partition,
    }),
    command({
      name: 'scale',
      summary: 'Set the number of replicas',
      description: `Set spec.replicas of a workload.

${TARGET}.`,
      usage: 'KIND/NAME --replicas N [flags]',
      examples: [{ comment: 'Scale web to 3 pods', command: 'coxswain scale cloneset/web --replicas 3' }],
      flags: [{ name: 'replicas', type: 'int', value: 'N', description: 'the number of pods (required)' }],
      run: scale,
    }),
    command({
      name: 'preview',
      summary: 'Simulate one change and show the waves, duration and where it stops',
      description: `Ask the API what a change would do before making it: it forks the workload, its pods and nodes
into a private simulated cluster, runs the same controllers there, and answers the waves in order (pods,
nodes, zones), the predicted duration, the hooks pods will wait on and where the rollout stops. Nothing
is changed. Exactly one of --image, --partition (with --subset for a UnitedDeployment), --replicas,
--pause, --resume, or -f with the workload's whole manifest (same kind, namespace and name).

${TARGET}.`,
      usage: 'KIND/NAME (--image CONTAINER=IMAGE | --partition N [--subset NAME] | --replicas N | --pause | --resume | -f FILE) [flags]',
      examples: [
        { comment: 'What rolling web to nginx:1.27 would do', command: 'coxswain preview cloneset/web --image nginx=nginx:1.27' },
        { comment: 'Where a partition of 2 would stop it, as JSON', command: 'coxswain preview cloneset/web --partition 2 -o json' },
        { comment: 'What applying an edited manifest of web would do', command: 'coxswain preview cloneset/web -f web.yaml' },
      ],
      flags: [
        { name: 'image', type: 'string', value: 'CONTAINER=IMAGE', description: 'the image change to preview' },
        { name: 'partition', type: 'string', value: 'N', description: 'the partition to preview (pods or a percentage)' },
        { name: 'subset', type: 'string', value: 'NAME', description: 'with --partition: the UnitedDeployment subset whose partition it is' },
        { name: 'replicas', type: 'int', value: 'N', description: 'the replica count to preview' },
        { name: 'pause', type: 'boolean', description: 'preview pausing the rollout' },
        { name: 'resume', type: 'boolean', description: 'preview resuming the rollout' },
        { name: 'filename', short: 'f', type: 'string', value: 'FILE', description: "the workload's whole manifest to preview, or - for stdin" },
        { name: 'output', short: 'o', type: 'string', value: 'FORMAT', description: 'json', values: ['json'] },
      ],
      run: preview,
    }),
    command({
      name: 'apply',
      summary: 'Create or replace the objects of a manifest, all or none',
      description: `Create or replace every object of a (multi-document) YAML manifest, all of them or none. Unlike
kubectl apply, an existing object is replaced by its document (fields the document leaves out are
removed), as the API's applyManifest does. Fields the kind does not declare are refused, naming
each, unless --validate=ignore.`,
      usage: '-f FILE [flags]',
      examples: [
        { comment: 'Apply a file', command: 'coxswain apply -f web.yaml' },
        { comment: 'From stdin, only to see what it would do', command: 'cat web.yaml | coxswain apply -f - --dry-run=server' },
      ],
      flags: [
        { name: 'filename', short: 'f', type: 'string', value: 'FILE', description: 'the manifest, or - for stdin (required)' },
        { name: 'dry-run', type: 'string', value: 'MODE', description: 'server: answer what the apply would do and write nothing; none: apply', default: 'none', values: ['server', 'none'] },
        { name: 'validate', type: 'string', value: 'MODE', description: 'strict: refuse fields the kind does not declare; ignore: drop them', default: 'strict', values: ['strict', 'ignore'] },
      ],
      run: apply,
    }),
    {
      kind: 'group',
      name: 'hooks',
      summary: 'List pods waiting on a lifecycle hook, and acknowledge them',
      children: [
        command({
          name: 'list',
          summary: 'List the pods waiting on a lifecycle hook, oldest wait first',
          description: 'List the pods waiting on a lifecycle hook (preDelete, preUpdate, postUpdate, preNormal), oldest wait first.',
          usage: '[flags]',
          examples: [
            { comment: 'Pods of the current namespace waiting on a hook', command: 'coxswain hooks list' },
            { comment: 'Every pod waiting on its preDelete hook', command: 'coxswain hooks list -A --hook preDelete' },
          ],
          flags: [
            ALL_NAMESPACES,
            { name: 'hook', type: 'string', value: 'HOOK', description: 'only this hook: preDelete, preUpdate, postUpdate or preNormal', values: HOOK_NAMES },
            { name: 'output', short: 'o', type: 'string', value: 'FORMAT', description: 'json', values: ['json'] },
          ],
          run: hooksList,
        }),
        command({
          name: 'ack',
          summary: 'Acknowledge the hook a pod waits on, exactly once',
          description: `Acknowledge the lifecycle hook a pod waits on (preDelete, preUpdate, postUpdate, preNormal): one
conditional write on the pod, recorded with your token's name and the reason. Every ack carries an
idempotency key: without --idempotency-key one is generated and printed (on stderr), and retrying
with that key gets the first answer instead of acknowledging twice.`,
          usage: 'POD HOOK --reason TEXT [flags]',
          examples: [
            { comment: 'Acknowledge the preDelete hook of api-x7k2p in payments', command: 'coxswain hooks ack api-x7k2p preDelete -n payments --reason "deregistered from registry"' },
            { comment: 'With your own key, safe to retry', command: 'coxswain hooks ack api-x7k2p preDelete --reason drained --idempotency-key "$(uuidgen)"' },
          ],
          flags: [
            { name: 'reason', type: 'string', value: 'TEXT', description: 'what was done before acknowledging; recorded with the ack (required)' },
            { name: 'idempotency-key', type: 'string', value: 'KEY', description: 'retries with the same key get the first answer (default: a new UUID, printed)' },
          ],
          run: hooksAck,
        }),
      ],
    },
    command({
      name: 'audit',
      summary: 'Show the audit log, newest first',
      description: `Show the audit log, newest first: every mutation and hook acknowledgement, who made it (the token),
on which object, and the result. Only an explicit --namespace filters it.`,
      usage: '[flags]',
      examples: [
        { comment: 'The last 20 entries', command: 'coxswain audit' },
        { comment: 'The last 100 about namespace payments', command: 'coxswain audit --limit 100 -n payments' },
      ],
      flags: [
        { name: 'limit', type: 'int', value: 'N', description: 'how many entries (1 to 500)', default: '20' },
        { name: 'output', short: 'o', type: 'string', value: 'FORMAT', description: 'json', values: ['json'] },
      ],
      run: audit,
    }),
    {
      kind: 'group',
      name: 'config',
      summary: 'Manage contexts: which server, token and namespace to use',
      description: [
        'Manage contexts: which server, token and namespace coxswain uses. The file is',
        '~/.config/coxswain/config.yaml, or the one COXSWAIN_CONFIG names. A context keeps where its token',
        'comes from (a file, or an environment variable), never the secret itself.',
      ].join('\n'),
      children: [
        command({
          name: 'set-context',
          summary: 'Create or change a context',
          description: 'Create a context, or change the fields given of an existing one.',
          usage: 'NAME [--server URL] [--token-file FILE | --token-env VAR] [--namespace NS] [flags]',
          examples: [
            { comment: 'The local server npm start runs, with its admin token', command: 'coxswain config set-context local --server http://127.0.0.1:3000 --token-file .data/pglite/admin-token' },
            { comment: 'CI: the token comes from an environment variable', command: 'coxswain config set-context ci --server https://coxswain.example.com --token-env COXSWAIN_TOKEN --namespace shop' },
            { comment: 'Change the namespace of the current context', command: 'coxswain config set-context --current --namespace payments' },
          ],
          flags: [
            { name: 'server', type: 'string', value: 'URL', description: "the API's address, http(s)://host:port" },
            { name: 'token-file', type: 'string', value: 'FILE', description: 'a file holding the token (stored as an absolute path)' },
            { name: 'token-env', type: 'string', value: 'VAR', description: 'an environment variable holding the token' },
            { name: 'namespace', short: 'n', type: 'string', value: 'NS', description: 'the default namespace' },
            { name: 'current', type: 'boolean', description: 'change the current context' },
          ],
          run: setContextCommand,
        }),
        command({
          name: 'use-context',
          summary: 'Make a context the current one',
          usage: 'NAME [flags]',
          examples: [{ comment: 'Use the context ci from now on', command: 'coxswain config use-context ci' }],
          flags: [],
          run: useContext,
        }),
        command({
          name: 'get-contexts',
          summary: 'List the contexts',
          usage: '[NAME...] [flags]',
          examples: [{ comment: 'Every context; * marks the current one', command: 'coxswain config get-contexts' }],
          flags: [{ name: 'output', short: 'o', type: 'string', value: 'FORMAT', description: 'name', values: ['name'] }],
          run: getContexts,
        }),
        command({
          name: 'current-context',
          summary: 'Print the current context',
          usage: '[flags]',
          examples: [{ comment: 'Which context is in use', command: 'coxswain config current-context' }],
          flags: [],
          run: currentContext,
        }),
      ],
    },
    command({
      name: 'completion',
      summary: 'Print a shell completion script (bash or zsh)',
      description: `Print a completion script for bash or zsh. It completes commands, flags, kinds, hooks and context
names, and asks the API for workload and pod names.`,
      usage: 'bash|zsh',
      examples: [
        { comment: 'bash, for this shell', command: 'source <(coxswain completion bash)' },
        { comment: 'zsh, for every new shell', command: 'coxswain completion zsh > "${fpath[1]}/_coxswain"' },
      ],
      flags: [],
      run: completionScript,
    }),
    command({
      name: 'version',
      summary: 'Print the client version, and the server it talks to',
      usage: '[flags]',
      examples: [{ comment: 'Client only, without asking the server', command: 'coxswain version --client' }],
      flags: [{ name: 'client', type: 'boolean', description: 'only the client version' }],
      run: version,
    }),
  ],
};
