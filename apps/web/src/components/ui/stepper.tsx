import { flowStepLine, flowSteps, Texts, type TFlowStep } from '@opence/shared';

/**
 * Where the member is in the learning flow (issue 22, decision 1007). A phone shows one line,
 * 'Step 3 of 7 · Evaluate', over a progress bar; a wider screen the whole row of steps. The row
 * stays in the accessibility tree at every width (visually hidden on a phone), so the current
 * step (aria-current="step") and the done ones are always announced the same way.
 */
export function FlowStepper({ kind, current }: { kind: 'class' | 'podcast'; current: TFlowStep }) {
  const steps = flowSteps(kind, current);
  const at = steps.findIndex((s) => s.state === 'current');
  return (
    <div className="stepper" role="group" aria-label={Texts.STEPPER_LABEL}>
      <div className="stepper-compact" aria-hidden="true">
        <span className="stepper-compact-text">{flowStepLine(steps)}</span>
        <progress className="stepper-bar" value={at + 1} max={steps.length} />
      </div>
      <ol className="stepper-steps">
        {steps.map((step, i) => (
          <li
            key={step.key}
            className={`stepper-step is-${step.state}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="stepper-mark" aria-hidden="true">
              {step.state === 'done' ? '✓' : i + 1}
            </span>
            <span className="stepper-label">{step.label}</span>
            {step.state === 'done' && <span className="visually-hidden"> {Texts.STEPPER_DONE}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What comes after this step, in words, under the step's button. */
export function FlowNext({ text }: { text: string }) {
  return <p className="flow-next">{text}</p>;
}
