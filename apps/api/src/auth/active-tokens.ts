// The active tokens, by the hash of their secret, held in memory so that authenticating a request costs
// a map lookup rather than a database query (every request authenticates). The set is read again every
// second, so a token created or revoked by another process (the token command on PostgreSQL, another
// replica) takes effect within a second; this process's own changes take effect at once. A secret that
// is not in the set is looked up once in the database before it is refused, so a token created
// elsewhere works on its first request.
import type { ActiveTokenRow, TokenRow } from './token-rows.js';

export const TOKEN_REFRESH_MS = 1000;

export class ActiveTokens {
  private byHash = new Map<string, TokenRow>();
  /** Bumped by every local revocation: a reload that started before one is stale and dropped. */
  private revocations = 0;

  constructor(
    private readonly readAll: () => Promise<ActiveTokenRow[]>,
    private readonly readOne: (tokenHash: string) => Promise<TokenRow | null>,
  ) {}

  async reload(): Promise<void> {
    const seen = this.revocations;
    const rows = await this.readAll();
    if (seen !== this.revocations) return;
    this.byHash = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
  }

  /** The active token with this secret hash: from memory, else (once) from the database. */
  async find(tokenHash: string): Promise<TokenRow | undefined> {
    const known = this.byHash.get(tokenHash);
    if (known) return known;
    const row = await this.readOne(tokenHash);
    if (row) this.byHash.set(tokenHash, row);
    return row ?? undefined;
  }

  /** The active token with this secret hash if it is in memory; never asks the database. */
  known(tokenHash: string): TokenRow | undefined {
    return this.byHash.get(tokenHash);
  }

  added(tokenHash: string, row: TokenRow): void {
    this.byHash.set(tokenHash, row);
  }

  revoked(name: string): void {
    this.revocations++;
    for (const [hash, row] of this.byHash) if (row.name === name) this.byHash.delete(hash);
  }
}
