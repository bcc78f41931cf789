export * from './leader-elector.js';
export { LeaseLock, LEASE_REF, microTime, recordOf, type LeaderElectionRecord } from './lease-lock.js';
export { LeaderFence } from './fenced-client.js';
export * from './leader-elected-controllers.js';
