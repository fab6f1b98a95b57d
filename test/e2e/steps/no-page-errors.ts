import type { Step } from '../lib/runner';

/** Last: no browser saw an uncaught error, a console error or an unexpected failed request. */
export const noPageErrorsStep: Step = {
  name: '9. no page errors, console errors or unexpected failed requests',
  async run(w) {
    const problems = w.problemReport();
    if (problems.length) throw new Error(`The browsers reported:\n${problems.join('\n')}`);
  },
};
