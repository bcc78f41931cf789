// Writes each Jest run's totals to .test-results/<project>.json so scripts/test.mjs can print one
// "N passed, N failed" line across every project Nx ran, with the fast-check seed the run used
// (scripts/fast-check-seed-choose.js) so a red project can be replayed.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }
  onRunComplete(_contexts, results) {
    const dir = path.resolve(__dirname, '..', '.test-results');
    fs.mkdirSync(dir, { recursive: true });
    const project = path.relative(path.resolve(__dirname, '..'), this.rootDir).replace(/[\\/]/g, '_');
    const failedSuites = results.numFailedTestSuites + (results.numRuntimeErrorTestSuites ?? 0);
    fs.writeFileSync(path.join(dir, `${project}.json`), JSON.stringify({
      project,
      passed: results.numPassedTests,
      failed: results.numFailedTests + (failedSuites > 0 && results.numFailedTests === 0 ? failedSuites : 0),
      skipped: results.numPendingTests + results.numTodoTests,
      fastCheckSeed: process.env.FC_SEED ?? null,
      seconds: Math.round((Date.now() - results.startTime) / 1000),
      slowest: results.testResults
        .map((r) => ({ file: path.relative(this.rootDir, r.testFilePath), seconds: Math.round((r.perfStats.end - r.perfStats.start) / 1000) }))
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 5),
    }));
  }
}
module.exports = SummaryReporter;
