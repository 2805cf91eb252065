import { Texts } from '../texts.ts';

/*
 * The steps of the learning flow (issue 22, decision 1007), as the stepper shows them: a class
 * goes view · attest · evaluate · sponsor · survey · exam · certificate (02 §4), a podcast episode
 * listen · evaluate · exam · certificate. A step the class lacks (no sponsor video, no survey) is
 * passed through at once, so it shows done once the member is beyond it.
 */

export const CLASS_FLOW_STEPS = [
  'view',
  'attest',
  'evaluate',
  'sponsor',
  'survey',
  'exam',
  'certificate',
] as const;
export const PODCAST_FLOW_STEPS = ['listen', 'evaluate', 'exam', 'certificate'] as const;
export type TFlowStep = (typeof CLASS_FLOW_STEPS)[number] | (typeof PODCAST_FLOW_STEPS)[number];

const LABELS: Record<TFlowStep, string> = {
  view: Texts.STEP_VIEW,
  listen: Texts.STEP_LISTEN,
  attest: Texts.STEP_ATTEST,
  evaluate: Texts.STEP_EVALUATE,
  sponsor: Texts.STEP_SPONSOR,
  survey: Texts.STEP_SURVEY,
  exam: Texts.STEP_EXAM,
  certificate: Texts.STEP_CERTIFICATE,
};

export type TFlowStepView = { key: TFlowStep; label: string; state: 'done' | 'current' | 'todo' };

/** The flow's steps for a class or an episode, each done, current or still to do. */
export function flowSteps(kind: 'class' | 'podcast', current: TFlowStep): TFlowStepView[] {
  const steps: readonly TFlowStep[] = kind === 'class' ? CLASS_FLOW_STEPS : PODCAST_FLOW_STEPS;
  const at = steps.indexOf(current);
  return steps.map((key, i) => ({
    key,
    label: LABELS[key],
    state: i < at ? 'done' : i === at ? 'current' : 'todo',
  }));
}

/** 'Step 3 of 7 · Evaluate': the phone's one line. */
export function flowStepLine(steps: readonly TFlowStepView[]): string {
  const at = steps.findIndex((s) => s.state === 'current');
  return Texts.STEPPER_COMPACT.replace('{n}', String(at + 1))
    .replace('{total}', String(steps.length))
    .replace('{label}', steps[at]?.label ?? '');
}
