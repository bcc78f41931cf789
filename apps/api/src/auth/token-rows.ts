// The api_tokens rows as the API reads and writes them. Their own file because both the repository that
// reads them and the in-memory set of active tokens hold them, and neither should import the other.

export interface TokenRow {
  id: string;
  name: string;
  role: string;
  namespaces: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** An active token's row with the hash of its secret, which only the in-memory set keeps. */
export interface ActiveTokenRow extends TokenRow {
  tokenHash: string;
}

export interface NewTokenRow {
  name: string;
  role: string;
  namespaces: string[];
  tokenHash: string;
  createdAt: Date;
}
