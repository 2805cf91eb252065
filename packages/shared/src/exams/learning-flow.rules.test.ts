import { describe, expect, it } from 'vitest';
import { flowStepLine, flowSteps } from './learning-flow.rules.ts';

describe('flowSteps (decision 1007)', () => {
  it('marks the steps before the current one done and the rest to do', () => {
    const steps = flowSteps('class', 'evaluate');
    expect(steps.map((s) => `${s.key}:${s.state}`)).toEqual([
      'view:done',
      'attest:done',
      'evaluate:current',
      'sponsor:todo',
      'survey:todo',
      'exam:todo',
      'certificate:todo',
    ]);
    expect(flowStepLine(steps)).toBe('Step 3 of 7 · Evaluate');
  });
  it('has four steps for a podcast episode', () => {
    const steps = flowSteps('podcast', 'exam');
    expect(steps.map((s) => s.key)).toEqual(['listen', 'evaluate', 'exam', 'certificate']);
    expect(flowStepLine(steps)).toBe('Step 3 of 4 · Exam');
  });
  it('shows every step done at the certificate', () => {
    const steps = flowSteps('class', 'certificate');
    expect(steps.filter((s) => s.state === 'done')).toHaveLength(6);
    expect(flowStepLine(steps)).toBe('Step 7 of 7 · Certificate');
  });
});
