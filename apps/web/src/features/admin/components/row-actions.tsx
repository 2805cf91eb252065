import { Button } from '../../../components/ui/button.tsx';

/** Move up, move down and remove, for one item of an ordered list in a form (questions). */
export function RowActions({
  index,
  count,
  noun,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  noun: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="admin-row-actions">
      <Button variant="link" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
        Move up
      </Button>
      <Button variant="link" disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
        Move down
      </Button>
      <Button variant="link" onClick={() => onRemove(index)}>
        Remove {noun} {index + 1}
      </Button>
    </div>
  );
}
