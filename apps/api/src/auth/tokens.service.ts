// API tokens: create (the secret is returned once), list, revoke, and authenticate a secret. Only the
// hash of a secret is stored. Authentication reads the active tokens from memory (active-tokens.ts): a
// token revoked here stops working on its next request, one revoked by another process within a second.
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Clock } from '@coxswain/cluster';
import { AuditTrail } from '../audit/audit-trail.js';
import { DomainError } from '../errors/domain-error.js';
import type { Runtime } from '../runtime.js';
import { CLOCK, RUNTIME } from '../tokens.js';
import { ActiveTokens, TOKEN_REFRESH_MS } from './active-tokens.js';
import { FailedAuthLimiter } from './failed-auth-limiter.js';
import type { Principal } from './principal.js';
import { isRole, ROLES, type Role } from './roles.js';
import { hashTokenSecret, newTokenSecret } from './token-secret.js';
import type { TokenRow } from './token-rows.js';
import { TokensRepository } from './tokens.repository.js';

export interface TokenInfo {
  name: string;
  role: Role;
  namespaces: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface CreatedToken {
  name: string;
  role: Role;
  namespaces: string[];
  /** Shown once: only its hash is stored. */
  secret: string;
}

export interface NewToken {
  name: string;
  role: string;
  namespaces?: readonly string[];
}

const NAME = /^[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?$/;
const NAMESPACE = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** lastUsedAt is a hint for humans; writing it on every request would double the database load. */
const TOUCH_INTERVAL_MS = 60_000;

@Injectable()
export class TokensService implements OnModuleInit, OnModuleDestroy {
  private readonly touched = new Map<string, number>();
  /** One budget per address for every surface: GraphQL, REST and the Kubernetes API all authenticate here. */
  private readonly failures: FailedAuthLimiter;
  private readonly active: ActiveTokens;
  private reloading: NodeJS.Timeout | undefined;

  constructor(
    private readonly repository: TokensRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly trail: AuditTrail,
    @Inject(RUNTIME) runtime: Pick<Runtime, 'config'>,
  ) {
    this.failures = new FailedAuthLimiter(runtime.config.auth.failureRefillPerMinute / 60);
    this.active = new ActiveTokens(() => repository.listActive(), (hash) => repository.findActiveByHash(hash));
  }

  async onModuleInit(): Promise<void> {
    await this.active.reload();
    this.reloading = setInterval(() => void this.active.reload().catch(() => {}), TOKEN_REFRESH_MS);
    this.reloading.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.reloading);
  }

  async create(input: NewToken, secret: string = newTokenSecret()): Promise<CreatedToken> {
    const { name, role, namespaces } = validate(input);
    const tokenHash = hashTokenSecret(secret);
    const row = await this.repository.insert({ name, role, namespaces, tokenHash, createdAt: new Date(this.clock.now()) });
    if (!row) throw new DomainError('CONFLICT', `a token named "${name}" already exists (names are never reused, even after revocation)`, { field: 'name' });
    this.active.added(tokenHash, row);
    // The audit row names the token, never its secret.
    this.trail.noteChange(tokenTarget(name), null, { role, namespaces });
    return { name, role, namespaces, secret };
  }

  async list(): Promise<TokenInfo[]> {
    return (await this.repository.list()).map(info);
  }

  async count(): Promise<number> {
    return this.repository.count();
  }

  /**
   * true when revoked now, false when it already was; NOT_FOUND for an unknown name; CONFLICT for the
   * last active admin token, whose revocation would leave nobody able to manage tokens over the API.
   */
  async revoke(name: string): Promise<boolean> {
    const at = new Date(this.clock.now());
    const outcome = await this.repository.revoke(name, at);
    if (outcome === 'last-admin') {
      throw new DomainError('CONFLICT', `token "${name}" is the last active admin token and cannot be revoked; create another admin token first`, { field: 'name' });
    }
    if (outcome === 'revoked') {
      this.active.revoked(name);
      this.trail.noteChange(tokenTarget(name), { revokedAt: null }, { revokedAt: at.toISOString() });
      return true;
    }
    if (await this.repository.findByName(name)) return false;
    throw new DomainError('NOT_FOUND', `no token named "${name}"`, { field: 'name' });
  }

  /**
   * The principal of an active token with this secret, or undefined. `client` (the caller's address)
   * bounds guessing: after too many failures from it, its failed attempts are RATE_LIMITED until its
   * budget refills, while its valid tokens are still served (one guesser behind a shared address must
   * not lock everyone there out). A limited address's secrets are looked up in memory only, so guessing
   * costs no database query.
   */
  async authenticate(secret: string | undefined, client = 'unknown'): Promise<Principal | undefined> {
    if (!secret) return undefined;
    const hash = hashTokenSecret(secret);
    const wait = this.failures.retryAfterSeconds(client);
    const row = wait === undefined ? await this.active.find(hash) : this.active.known(hash);
    if (!row || !isRole(row.role)) {
      if (wait !== undefined) {
        throw new DomainError('RATE_LIMITED', `too many failed authentications from this address; retry in ${wait} s`, { retryAfterSeconds: wait });
      }
      this.failures.recordFailure(client);
      return undefined;
    }
    await this.touch(row);
    return { tokenId: row.id, name: row.name, role: row.role, namespaces: row.namespaces };
  }

  private async touch(row: TokenRow): Promise<void> {
    const now = this.clock.now();
    const last = this.touched.get(row.id) ?? row.lastUsedAt?.getTime() ?? 0;
    if (now - last < TOUCH_INTERVAL_MS) return;
    this.touched.set(row.id, now);
    // A hint for humans: written in the background, never in the request's way.
    void this.repository.touch(row.id, new Date(now)).catch(() => {});
  }
}

function validate(input: NewToken): { name: string; role: Role; namespaces: string[] } {
  if (!NAME.test(input.name)) {
    throw new DomainError('BAD_USER_INPUT', 'name must be 1-63 lowercase letters, digits, ".", "_" or "-", starting and ending with a letter or digit', { field: 'name' });
  }
  if (!isRole(input.role)) throw new DomainError('BAD_USER_INPUT', `role must be one of ${ROLES.join(', ')}`, { field: 'role' });
  const namespaces = [...new Set(input.namespaces ?? [])];
  const bad = namespaces.findIndex((n) => !NAMESPACE.test(n));
  if (bad >= 0) throw new DomainError('BAD_USER_INPUT', `"${namespaces[bad]}" is not a namespace name`, { field: `namespaces[${bad}]` });
  // Only acks and rollout approvals are scoped by namespace; limiting other roles would promise a
  // restriction that the workload and object queries do not enforce.
  if (namespaces.length > 0 && input.role !== 'hook-acker' && input.role !== 'rollout-approver') {
    throw new DomainError('BAD_USER_INPUT', 'namespaces limit hook-acker and rollout-approver tokens only', { field: 'namespaces' });
  }
  return { name: input.name, role: input.role, namespaces };
}

function tokenTarget(name: string) {
  return { kind: 'ApiToken', namespace: null, name };
}

function info(row: TokenRow): TokenInfo {
  return {
    name: row.name,
    role: row.role as Role, // only create() writes rows, and it validates the role
    namespaces: row.namespaces,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}
