import type { World } from './world';

export interface Step {
  name: string;
  /**
   * The step moves the chain's clock, and the servers follow it only on the embedded chain
   * (time travel does not exist with SOLANA_RPC_URL, as on a real cluster).
   */
  movesTheClock?: boolean;
  /** Runs on the first backend of the run only (a measurement, the same on every backend). */
  once?: boolean;
  run(world: World): Promise<void>;
}

export interface StepResult {
  journey: string;
  step: string;
  status: 'passed' | 'failed' | 'skipped';
  ms: number;
  detail?: string;
}

/** Runs the steps in order; after a failure the rest of this journey is skipped. */
export async function runJourney(
  journey: string,
  world: World,
  steps: Step[],
  report: (result: StepResult) => void,
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  let broken = false;
  for (const step of steps) {
    const started = Date.now();
    let result: StepResult;
    if (broken) {
      result = {
        journey,
        step: step.name,
        status: 'skipped',
        ms: 0,
        detail: 'an earlier step failed',
      };
    } else {
      try {
        await step.run(world);
        result = { journey, step: step.name, status: 'passed', ms: 0 };
      } catch (error) {
        broken = true;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        result = { journey, step: step.name, status: 'failed', ms: 0, detail: message };
        await world.failureShots(step.name).catch(() => undefined);
      }
    }
    result.ms = Date.now() - started;
    results.push(result);
    report(result);
  }
  return results;
}
