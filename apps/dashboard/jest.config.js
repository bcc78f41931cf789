// Jest (native ESM, @swc/jest) like the other projects, plus TSX with React's automatic runtime.
// Unit tests cover the pure modules; browser tests start the real API and `next start`.
import preset from '../../jest.preset.js';

const swc = preset.transform['^.+\\.ts$'][1];
export default {
  ...preset,
  rootDir: import.meta.dirname,
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/test/**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        ...swc,
        jsc: { ...swc.jsc, parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
      },
    ],
  },
  // Browser tests build nothing themselves (Nx builds first) but start servers: allow them time.
  testTimeout: 120000,
};
