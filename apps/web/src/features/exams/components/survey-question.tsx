import { surveyHint, surveyProgress } from '@opence/shared';
import type { TSurvey } from '@opence/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import '../../../components/ui/choice-tiles.css';

type TQuestion = TSurvey['questions'][number];

/**
 * One survey question (02 §2, §5): yes/no and single take one pick (radios), multi several
 * (checkboxes); submit stays disabled until a choice is made. Focus moves to each new question.
 */
export function SurveyQuestion({
  question,
  index,
  count,
  isSaving,
  onSubmit,
}: {
  question: TQuestion;
  index: number;
  count: number;
  isSaving: boolean;
  onSubmit: (choices: string[]) => void;
}) {
  const [choices, setChoices] = useState<string[]>([]);
  const legend = useRef<HTMLLegendElement>(null);
  const isMulti = question.type === 'multi';
  const isLast = index === count - 1;
  useEffect(() => {
    if (index > 0) legend.current?.focus();
  }, [index]);

  const toggle = (hash: string) =>
    setChoices((current) =>
      isMulti ? (current.includes(hash) ? current.filter((h) => h !== hash) : [...current, hash]) : [hash],
    );

  return (
    <form
      className="card survey-question"
      onSubmit={(event) => {
        event.preventDefault();
        if (choices.length > 0) onSubmit(choices);
      }}
    >
      <fieldset>
        <legend ref={legend} tabIndex={-1}>
          {question.question} <span className="field-hint">{surveyHint(question.type)}</span>
        </legend>
        <div className="survey-choices">
          {question.buttons.map((button) => (
            <label key={button.hash} className="survey-choice">
              <input
                type={isMulti ? 'checkbox' : 'radio'}
                name={`survey-${question.hash}`}
                value={button.hash}
                checked={choices.includes(button.hash)}
                onChange={() => toggle(button.hash)}
              />
              <span>{button.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="survey-footer">
        <span>{surveyProgress(index, count)}</span>
        <Button type="submit" disabled={choices.length === 0 || isSaving}>
          {isSaving ? 'Saving…' : (question.submitLabel ?? (isLast ? 'Submit' : 'Next'))}
        </Button>
      </div>
    </form>
  );
}
