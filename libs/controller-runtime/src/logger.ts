// How a controller reports what it does not return (a reconcile that failed and is retried, expectations
// that timed out, a write it gave up on): one function with a level, a message and structured fields,
// which the host routes to its own log.
export type LogLevel = 'info' | 'warn' | 'error';

export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;
