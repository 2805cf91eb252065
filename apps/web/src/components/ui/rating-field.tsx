import { EvaluationRatings } from '@opence/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import './choice-tiles.css';
import './rating-field.css';

/**
 * One rating of an evaluation (02 §3): 4 Excellent … 1 Poor as a radio group of tiles, on the
 * class evaluation and the in-person claim alike. The error is tied to the group with
 * aria-describedby, and each radio is marked invalid.
 */
export function RatingField({
  id,
  label,
  registration,
  error,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="rating" aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      <div className="rating-options">
        {EvaluationRatings.map((rating) => (
          <label key={rating.value} className="rating-option">
            <input
              type="radio"
              value={rating.value}
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <span>{rating.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
