export * from './leader-elector.js';
export { LeaseLock, LEASE_REF, microTime, recordOf, type LeaderElectionRecord } from './lease-lock.js';
