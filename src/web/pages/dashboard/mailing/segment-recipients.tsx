import { useId } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useSegmentsQuery } from '../../../api/segments.js';
import { Banner } from '../../../components/banner.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { formatNumber } from '../../../lib/format.js';
import { errorMessageOf } from '../../../api/api-error.js';

const m = messages.segments;

/** The segment a mailing goes to, with how many shoppers it has now. */
export interface ChosenSegment {
  projectId: number;
  id: number;
  count: number;
}

/**
 * «Кому»: the ticked shoppers and typed IDs (as before), or a segment of the action whose bot
 * sends. A segment's shoppers are taken at the moment of sending.
 */
export function SegmentRecipients({
  projectId,
  toSegment,
  segment,
  error,
  onModeChange,
  onSegmentChange,
}: {
  projectId: number;
  toSegment: boolean;
  segment: ChosenSegment | null;
  error: string | null;
  onModeChange: (toSegment: boolean) => void;
  onSegmentChange: (segment: ChosenSegment | null) => void;
}) {
  const name = useId();
  const segments = useSegmentsQuery(projectId);
  const list = segments.data?.segments ?? [];
  return (
    <fieldset className="mailing-sender">
      <legend className="mailing-sender__legend">{m.recipientsModeLabel}</legend>
      <label className="mailing-sender__option">
        <input type="radio" name={name} checked={!toSegment} onChange={() => onModeChange(false)} />
        {m.recipientsModeIds}
      </label>
      <label className="mailing-sender__option">
        <input type="radio" name={name} checked={toSegment} onChange={() => onModeChange(true)} />
        {m.recipientsModeSegment}
      </label>
      {toSegment &&
        (segments.isError ? (
          <Banner tone="error">{errorMessageOf(segments.error, m.loadFailed)}</Banner>
        ) : segments.isPending ? (
          <p className="mailing-hint">{m.loading}</p>
        ) : list.length === 0 ? (
          <p className="mailing-hint">{m.noSegments}</p>
        ) : (
          <>
            <FilterSelect
              label={m.segmentLabel}
              value={segment ? String(segment.id) : ''}
              options={[
                { value: '', label: m.segmentRequired },
                ...list.map((item) => ({
                  value: String(item.id),
                  label: fillMessage(m.segmentOption, { name: item.name, count: formatNumber(item.count) }),
                })),
              ]}
              onChange={(value) => {
                const picked = list.find((item) => String(item.id) === value);
                onSegmentChange(picked ? { projectId, id: picked.id, count: picked.count } : null);
              }}
            />
            {error && (
              <p className="text-field__error" role="alert">
                {error}
              </p>
            )}
          </>
        ))}
    </fieldset>
  );
}
