// Jest globalSetup of every project (jest.preset.js): one fast-check seed per project run, FC_SEED when
// it is set, else a random one, printed once so that a red run can be replayed with
// `FC_SEED=<seed> npm test`. Jest starts its workers after this, so they inherit FC_SEED from here;
// fast-check-seed-apply.js hands it to fast-check in each test file.
export default function chooseFastCheckSeed() {
  const given = process.env.FC_SEED;
  if (given !== undefined && given !== '' && !/^-?\d{1,10}$/.test(given)) {
    throw new Error(`FC_SEED must be an integer (a seed fast-check printed), not ${JSON.stringify(given)}`);
  }
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  process.env.FC_SEED = String(seed);
  console.log(`\n[fast-check] seed ${seed}${given ? ' (from FC_SEED)' : ''}; replay this run with FC_SEED=${seed}`);
}
