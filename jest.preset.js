// Shared Jest setup: native ESM through @swc/jest; workspace libs resolve to their TypeScript source.
import { fileURLToPath } from 'node:url';

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    }],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironmentOptions: { customExportConditions: ['@coxswain/source', 'node', 'node-addons'] },
  reporters: ['default', fileURLToPath(new URL('./scripts/jest-summary-reporter.cjs', import.meta.url))],
  // One fast-check seed per project run, printed, and FC_SEED to replay it (README, "Two commands").
  globalSetup: fileURLToPath(new URL('./scripts/fast-check-seed-choose.js', import.meta.url)),
  setupFiles: [fileURLToPath(new URL('./scripts/fast-check-seed-apply.js', import.meta.url))],
  // A hang guard, not a speed budget: on a busy 2-core machine (CI beside other work) a scenario test or a
  // server start can take several times its quiet time.
  testTimeout: 120000,
};
