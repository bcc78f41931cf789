// Prisma errors the repositories branch on.

/** A unique-constraint violation (P2002), whichever driver adapter raised it. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'P2002';
}
