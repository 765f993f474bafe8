import { messages } from '../../../../contract/messages.js';

const m = messages.serviceDesk;

/**
 * «↑ Выше», «↓ Ниже» and «Удалить» under one item of an ordered list (the FAQ's questions, the
 * product rules); the labels name the item's number for screen readers.
 */
export function ItemActions({
  index,
  count,
  labels,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  labels: { up: string; down: string; remove: string };
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="service-editor__actions">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={labels.up}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑ {m.moveUp}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={labels.down}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓ {m.moveDown}
      </button>
      <button type="button" className="button button--danger button--small" aria-label={labels.remove} onClick={onRemove}>
        {m.remove}
      </button>
    </div>
  );
}
