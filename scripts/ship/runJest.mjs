// The Jest scratch projects' files, and running Jest in one with its counts added to the
// stage's report.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const shared = new URL('./jest/', import.meta.url);

/** The files of jest/ (shared by both Jest projects) and of jest/<name>/, by file name. */
export function fixtureFiles(name) {
  const files = {};
  for (const dir of [shared, new URL(`${name}/`, shared)]) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile()) files[entry.name] = readFileSync(new URL(entry.name, dir), 'utf8');
    }
  }
  return files;
}

export function runJest(dir, label, report) {
  const out = join(dir, 'jest-report.json');
  const result = spawnSync(
    process.execPath,
    ['node_modules/jest/bin/jest.js', '--ci', '--json', `--outputFile=${out}`],
    { cwd: dir, stdio: 'inherit', timeout: 180_000 },
  );
  let counts;
  try {
    const json = JSON.parse(readFileSync(out, 'utf8'));
    // A test file that fails to load counts as one failure even though no test in it ran.
    const failed = json.numFailedTests || (json.success ? 0 : 1);
    counts = { passed: json.numPassedTests, failed };
  } catch {
    counts = { passed: 0, failed: 1 };
  }
  if (result.status !== 0 && !counts.failed) counts.failed = 1;
  report.add(label, counts);
}
