// @vitest-environment node
// The gate (scripts/test.sh) runs its real stage functions here; only `npx` is replaced, through PATH, by a
// stand-in that passes, hangs or is killed on command, so a run is seconds long and can be stopped mid-stage.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// FAKE_NPX_HANG=<tool>: that tool writes its pid and waits; FAKE_NPX_KILL=<tool>: that tool dies by SIGKILL.
const fakeNpx = `#!/usr/bin/env bash
echo "npx $*"
if [ "$1" = "\${FAKE_NPX_HANG:-}" ]; then
  echo $$ > "$FAKE_NPX_PIDFILE"
  exec sleep 60
fi
if [ "$1" = "\${FAKE_NPX_KILL:-}" ]; then kill -KILL $$; fi
exit 0
`;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-gate-'));
  fs.writeFileSync(path.join(dir, 'npx'), fakeNpx, { mode: 0o755 });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

type GateRun = { output: string; code: number | null };

function runGate(
  stages: string,
  fake: { hang?: string; kill?: string },
  stop?: { signal: NodeJS.Signals; whenOutputHas: string },
): Promise<GateRun> {
  const pidFile = path.join(dir, 'hanging.pid');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`,
    TEST_STAGES: stages,
    FAKE_NPX_HANG: fake.hang ?? '',
    FAKE_NPX_KILL: fake.kill ?? '',
    FAKE_NPX_PIDFILE: pidFile,
  };
  // Under CI the gate ignores TEST_STAGES and runs everything for real.
  delete env.CI;
  return new Promise((resolve, reject) => {
    const gate = spawn('bash', ['scripts/test.sh'], { cwd: repoRoot, env });
    let output = '';
    let stopped = false;
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      // The pid file appears once the hanging stage is really running, not merely announced.
      if (stop && !stopped && output.includes(stop.whenOutputHas) && fs.existsSync(pidFile)) {
        stopped = true;
        gate.kill(stop.signal);
      }
    };
    gate.stdout.on('data', collect);
    gate.stderr.on('data', collect);
    const poll = setInterval(() => collect(Buffer.alloc(0)), 50);
    gate.on('error', reject);
    gate.on('close', (code) => {
      clearInterval(poll);
      resolve({ output, code });
    });
  });
}

function summary(output: string): string {
  return output.split('\n').find((line) => line.startsWith('TEST SUMMARY:')) ?? '';
}

// A process that ended but is not yet reaped (state Z) counts as ended.
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

describe('the test gate (scripts/test.sh)', () => {
  it('says PASS when every selected stage ran to its end', async () => {
    const run = await runGate('lint,build,e2e', {});
    expect(run.code).toBe(0);
    expect(summary(run.output)).toMatch(
      /^TEST SUMMARY: PASS \(subset TEST_STAGES=lint,build,e2e\) - 3 of 3 stages/,
    );
    expect(run.output).toContain('npx playwright test');
  });

  it.each([
    {
      signal: 'SIGTERM',
      stages: 'lint,build,e2e',
      hang: 'playwright',
      stage: 'browser tests',
      passed: 2,
      code: 143,
    },
    { signal: 'SIGINT', stages: 'lint,unit,e2e', hang: 'vitest', stage: 'unit tests', passed: 1, code: 130 },
    { signal: 'SIGHUP', stages: 'typecheck,build', hang: 'vite', stage: 'build', passed: 1, code: 129 },
  ] as const)(
    'a run stopped by $signal during $stage ends as FAIL naming that stage, and stops its command',
    async ({ signal, stages, hang, stage, passed, code }) => {
      const run = await runGate(stages, { hang }, { signal, whenOutputHas: `npx ${hang}` });
      const line = summary(run.output);
      expect(line).toContain(`TEST SUMMARY: FAIL at stage "${stage}" (stopped by ${signal})`);
      expect(line).toMatch(new RegExp(`; ${passed} of ${stages.split(',').length} stages passed`));
      expect(run.output).not.toContain('PASS');
      expect(run.code).toBe(code);
      const hangingPid = Number(fs.readFileSync(path.join(dir, 'hanging.pid'), 'utf8'));
      expect(isRunning(hangingPid)).toBe(false);
    },
  );

  it('a stage whose command is killed by a signal fails, and the stages after it do not run', async () => {
    const run = await runGate('lint,build,e2e', { kill: 'vite' });
    expect(summary(run.output)).toContain('TEST SUMMARY: FAIL at stage "build" (exit 137)');
    expect(run.output).not.toContain('npx playwright test');
    expect(run.code).toBe(137);
  });
});
