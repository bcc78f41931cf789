// What the PGlite worker and its clients exchange besides the calls themselves. A database error
// crosses as the driver adapter's error payload (SQLSTATE and all) and is raised again on the calling
// side as the DriverAdapterError Prisma maps to its own codes (P2002 for a unique violation, ...).
export type SqlOutcome<T> = { ok: T } | { driverError: unknown };

/** First message from the host once PGlite is open and migrated. */
export interface PgliteReady {
  kind: 'ready';
  appliedMigrations: string[];
  /** The worker's thread as the kernel knows it (threads/thread-cpu.ts), for its CPU time. */
  threadId: number | undefined;
}

export interface PgliteFailed {
  kind: 'failed';
  message: string;
}
