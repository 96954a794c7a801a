// Pass/fail counting for the "ships" stage: each check is one named test, and the Jest runs in
// scratch projects add their own counts. The totals are written as `{ passed, failed }`, the
// shape scripts/test.mjs reads from every stage that checks what ships.
import { writeFileSync } from 'node:fs';

export function createReport() {
  const failures = [];
  let passed = 0;
  let failed = 0;
  return {
    /** Runs one check; a throw is its failure, printed with the check's name. */
    async test(name, fn) {
      const started = Date.now();
      try {
        await fn();
        passed += 1;
        console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        failures.push(name);
        console.log(`  ✗ ${name}\n${indent(error?.stack ?? String(error))}`);
      }
    },
    /** Adds the counts of a runner that reported its own tests (a Jest run). */
    add(label, counts) {
      passed += counts.passed;
      failed += counts.failed;
      if (counts.failed) failures.push(label);
      console.log(
        `  ${counts.failed ? '✗' : '✓'} ${label}: ${counts.passed} passed, ${counts.failed} failed`,
      );
    },
    get passed() {
      return passed;
    },
    get failed() {
      return failed;
    },
    failures,
    write(file) {
      writeFileSync(file, JSON.stringify({ passed, failed }));
    },
  };
}

function indent(text) {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
}
