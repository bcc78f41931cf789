// Shell completion: `coxswain completion bash|zsh` prints a script that asks `coxswain __complete
// WORDS...` for the candidates of the last word (cobra's approach), so commands, flags, kinds, hooks
// and context names complete from the same tree the parser reads, and workload and pod names from the API.
import { UsageError } from '../api/errors.js';
import { PendingHooksDocument, WorkloadsDocument } from '../api/generated.js';
import { GLOBAL_FLAGS, HELP_FLAG, type FlagSpec, type GroupSpec, type Invocation, type Node } from '../cli/spec.js';
import { createSession, type Io, type Session } from '../cli/session.js';
import { configPath, readConfig } from '../config/config-file.js';
import type { GlobalOptions } from '../config/connection.js';
import { KINDS, parseKind } from '../kinds.js';
import { HOOKS } from './hooks.js';

const BASH = `# bash completion for coxswain. Load it with: source <(coxswain completion bash)
_coxswain() {
    local cur="\${COMP_WORDS[COMP_CWORD]}"
    local IFS=$'\\n'
    local -a candidates
    candidates=($(coxswain __complete "\${COMP_WORDS[@]:1:$COMP_CWORD}" 2>/dev/null))
    COMPREPLY=($(compgen -W "\${candidates[*]}" -- "$cur"))
    if [[ \${#COMPREPLY[@]} -eq 1 && \${COMPREPLY[0]} == */ ]]; then
        compopt -o nospace 2>/dev/null
    fi
}
complete -F _coxswain coxswain
`;

const ZSH = `#compdef coxswain
# zsh completion for coxswain. Load it with: source <(coxswain completion zsh)
# or save it as _coxswain in a directory of $fpath.
compdef _coxswain coxswain
_coxswain() {
    local -a candidates plain prefixes
    candidates=("\${(@f)$(coxswain __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
    local c
    for c in $candidates; do
        [[ -z $c ]] && continue
        if [[ $c == */ ]]; then prefixes+=("$c"); else plain+=("$c"); fi
    done
    (( \${#plain} )) && compadd -a plain
    (( \${#prefixes} )) && compadd -S '' -a prefixes
}
if [ "$funcstack[1]" = "_coxswain" ]; then
    _coxswain
fi
`;

export async function completionScript(inv: Invocation, session: Session): Promise<number> {
  const [shell, ...rest] = inv.positionals;
  if (shell === undefined || rest.length > 0) throw new UsageError('name the shell: coxswain completion bash|zsh');
  if (shell === 'bash') session.io.out(BASH.trimEnd());
  else if (shell === 'zsh') session.io.out(ZSH.trimEnd());
  else throw new UsageError(`unsupported shell "${shell}": use bash or zsh`);
  return 0;
}

function flagsOf(node: Node): FlagSpec[] {
  return node.kind === 'command' ? [...node.flags, ...GLOBAL_FLAGS.filter((g) => !node.flags.some((f) => f.name === g.name)), HELP_FLAG] : [...GLOBAL_FLAGS, HELP_FLAG];
}

async function names(session: Session, kindWord: string): Promise<string[]> {
  const kind = parseKind(kindWord);
  const answer = await session.api().request(WorkloadsDocument, { kind: kind.kind, namespace: session.connection().namespace, first: 500, after: null, withManifest: false });
  return answer.workloads.edges.map((e) => e.node.name);
}

function contextNames(session: Session): string[] {
  return readConfig(configPath(session.io.env)).contexts.map((c) => c.name);
}

const TARGET_COMMANDS = new Set(['rollout status', 'rollout history', 'rollout undo', 'rollout pause', 'rollout resume', 'set image', 'partition', 'scale']);

async function positional(path: string, index: number, previous: readonly string[], current: string, session: Session): Promise<string[]> {
  if (path === 'get' || path === 'describe') {
    if (index === 0) return KINDS.map((k) => k.plural);
    if (index === 1) return names(session, previous[0]!);
    return [];
  }
  if (TARGET_COMMANDS.has(path)) {
    if (index === 0) {
      const slash = current.indexOf('/');
      if (slash < 0) return KINDS.map((k) => `${k.plural}/`);
      const kindWord = current.slice(0, slash);
      return (await names(session, kindWord)).map((n) => `${kindWord}/${n}`);
    }
    if (path === 'partition' && index === 1) return ['set', 'step'];
    if (path === 'partition' && index === 2 && previous[1] === 'step') return ['by'];
    return [];
  }
  if (path === 'hooks ack') {
    if (index === 0) return (await session.api().request(PendingHooksDocument, { namespace: session.connection().namespace, hook: null })).pendingHooks.map((h) => h.pod);
    if (index === 1) return HOOKS.map((h) => h.name);
    return [];
  }
  if (path === 'completion' && index === 0) return ['bash', 'zsh'];
  if (['config use-context', 'config set-context', 'config get-contexts'].includes(path)) return contextNames(session);
  return [];
}

/** The candidates for the last of `words` (the words after `coxswain`; the last may be empty). */
export async function candidates(root: GroupSpec, words: readonly string[], session: Session): Promise<string[]> {
  const prior = words.slice(0, -1);
  const current = words.at(-1) ?? '';
  let node: Node = root;
  const path: string[] = [];
  const positionals: string[] = [];
  let pendingFlag: FlagSpec | undefined;
  for (const word of prior) {
    if (pendingFlag) {
      pendingFlag = undefined;
      continue;
    }
    if (word.startsWith('-') && word.length > 1) {
      const long = word.startsWith('--');
      const name = long ? word.slice(2).split('=')[0] : word[1];
      const spec = flagsOf(node).find((f) => (long ? f.name === name : f.short === name));
      if (spec && spec.type !== 'boolean' && !(long ? word.includes('=') : word.length > 2)) pendingFlag = spec;
      continue;
    }
    const child: Node | undefined = node.kind === 'group' ? node.children.find((c) => c.name === word) : undefined;
    if (child) {
      node = child;
      path.push(word);
    } else positionals.push(word);
  }
  let found: string[];
  try {
    if (pendingFlag) {
      found = pendingFlag.name === 'context' ? contextNames(session) : [...(pendingFlag.values ?? [])];
    } else if (current.startsWith('-')) {
      found = flagsOf(node).map((f) => `--${f.name}`);
    } else if (node.kind === 'group') {
      found = node.children.filter((c) => c.kind === 'group' || !c.hidden).map((c) => c.name);
    } else {
      found = await positional(path.join(' '), positionals.length, positionals, current, session);
    }
  } catch {
    found = []; // no server, no token: complete what needs none
  }
  return found.filter((c) => c.startsWith(current));
}

/** `coxswain __complete WORDS...`: global flags among the words choose the context, server and namespace. */
export async function complete(root: GroupSpec, words: readonly string[], io: Io): Promise<number> {
  const globals: GlobalOptions = {};
  for (let i = 0; i < words.length - 1; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const value = (long: string, short?: string) => {
      if (w === `--${long}` || (short && w === `-${short}`)) return next;
      if (w.startsWith(`--${long}=`)) return w.slice(long.length + 3);
      return undefined;
    };
    globals.context = value('context') ?? globals.context;
    globals.namespace = value('namespace', 'n') ?? globals.namespace;
    globals.server = value('server') ?? globals.server;
    globals.token = value('token') ?? globals.token;
  }
  const session = createSession(io, globals);
  try {
    const list = await Promise.race([
      candidates(root, words, session),
      new Promise<string[]>((resolve) => setTimeout(() => resolve([]), 3000).unref()),
    ]);
    for (const c of list) io.out(c);
  } finally {
    await session.close();
  }
  return 0;
}
