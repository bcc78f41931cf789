// Kubernetes serialises metav1.Time as RFC 3339 with whole seconds; clock.ts formats "now", this formats
// instants computed from it (deletion deadlines).
export function rfc3339(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
