// Jest setupFiles of every project (jest.preset.js): every property in this test file runs from the
// project run's seed (fast-check-seed-choose.js), unless the property names a seed of its own. Each test
// file has its own fast-check module, so this runs once per file.
import fc from 'fast-check';

if (process.env.FC_SEED) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(process.env.FC_SEED) });
