// Prints one plain line "N passed, N failed" at the end of the run (CI reads it); a run that
// fails before any test (the global set-up) counts as one failure.
export default class SummaryReporter {
  passed = 0;
  failed = 0;

  onTestEnd(test, result) {
    if (result.status === 'skipped') return;
    if (result.status === test.expectedStatus) this.passed += 1;
    else this.failed += 1;
  }

  onEnd(result) {
    const failed = this.failed === 0 && this.passed === 0 && result.status !== 'passed' ? 1 : this.failed;
    console.log(`${this.passed} passed, ${failed} failed`);
  }

  printsToStdio() {
    return false;
  }
}
