import { examOptions } from '@opence/shared';
import type { TExamQuestion } from '@opence/shared/schemas';
import '../../../components/ui/choice-tiles.css';

/**
 * One exam question with its options a–f (null options hidden, 02 §2). After grading, the
 * question says whether the answer was correct, in words as well as colour.
 */
export function ExamQuestion({
  index,
  question,
  selected,
  grade,
  isLocked,
  onSelect,
}: {
  index: number;
  question: TExamQuestion;
  selected: number | undefined;
  grade: boolean | undefined;
  isLocked: boolean;
  onSelect: (option: number) => void;
}) {
  const name = `question-${index}`;
  const markId = `${name}-mark`;
  const state = grade === undefined ? '' : grade ? ' is-correct' : ' is-incorrect';
  return (
    <fieldset
      className={`card exam-question${state}`}
      aria-describedby={grade === undefined ? undefined : markId}
    >
      <legend>
        <span className="exam-question-number">{index + 1}.</span> {question.question}
      </legend>
      <div className="exam-options">
        {examOptions(question).map((option) => (
          <label key={option.number} className="exam-option">
            <input
              type="radio"
              name={name}
              value={option.number}
              checked={selected === option.number}
              disabled={isLocked}
              onChange={() => onSelect(option.number)}
            />
            <span className="exam-option-letter" aria-hidden="true">
              {option.letter}.
            </span>
            <span>{option.text}</span>
          </label>
        ))}
      </div>
      {grade !== undefined && (
        <p id={markId} className="exam-mark">
          <span aria-hidden="true">{grade ? '✓' : '✗'}</span> <span>{grade ? 'Correct' : 'Incorrect'}</span>
        </p>
      )}
    </fieldset>
  );
}
