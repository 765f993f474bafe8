import './progress-bar.css';

/**
 * A determinate progress bar: `value` of `max`, with the figures in words beside it
 * (and as aria-valuetext, so a screen reader says them rather than a bare percent).
 */
export function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const bounded = Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? (bounded / max) * 100 : 100;
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={bounded}
        aria-valuetext={text}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="progress__text">{text}</p>
    </div>
  );
}
