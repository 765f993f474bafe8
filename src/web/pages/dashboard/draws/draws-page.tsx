import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { createDrawRequestSchema, DRAW_PRIZE_MAX, DRAW_REPEATS, DRAW_WINNERS_MAX, type Draw } from '../../../../contract/draws.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  useCloseDrawMutation,
  useCreateDrawMutation,
  useDrawQuery,
  useDrawsQuery,
  useHandOverMutation,
  useStopRepeatingMutation,
} from '../../../api/draws.js';
import { Banner } from '../../../components/banner.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { ImagePicker } from '../../../components/image-picker.js';
import { SelectField, TextField } from '../../../components/text-field.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { parseActionId } from '../../../lib/action-id.js';
import { buyerCardPath } from '../buyers/buyer-card-path.js';
import '../../../components/panel.css';
import './draws.css';

const m = messages.draws;
const WEEK_MS = 7 * 86_400_000;

type DrawSummary = NonNullable<ReturnType<typeof useDrawsQuery>['data']>['draws'][number];

/** /dashboard/action/{id}/draws: an action's prize draws: create, list, close now, winners and their prizes. */
export function DrawsPage() {
  const actionId = parseActionId(useParams().id);
  return (
    <section className="dashboard-page draws-page">
      <h1 className="dashboard-page__title">{m.title}</h1>
      {actionId === null ? (
        <Banner tone="error">{messages.actionPage.invalidId}</Banner>
      ) : (
        <>
          <p>
            <Link to={`/dashboard/action/${actionId}`} className="button button--secondary">
              {m.backToAction}
            </Link>
          </p>
          <p>{m.intro}</p>
          <CreateDrawForm actionId={actionId} />
          <DrawList actionId={actionId} />
        </>
      )}
    </section>
  );
}

/** `datetime-local`'s value for a moment, in the browser's time zone. */
function localInputValue(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

type FieldName = 'title' | 'winners' | 'closes_at' | 'item_contains' | 'prize' | 'repeat';
type Repeat = (typeof DRAW_REPEATS)[number];

const REPEAT_LABELS: Record<Repeat | 'none', string> = { none: m.repeatNone, weekly: m.repeatWeekly, monthly: m.repeatMonthly };
const REPEATS_LABELS: Record<Repeat, string> = { weekly: m.repeatsWeekly, monthly: m.repeatsMonthly };

const STATUS_LABELS = { open: m.statusOpen, drawing: m.statusDrawing, closed: m.statusClosed } as const;
const STATUS_TONES = { open: 'info', drawing: 'warning', closed: 'success' } as const;

function CreateDrawForm({ actionId }: { actionId: number }) {
  const create = useCreateDrawMutation();
  const titleId = useId();
  const [title, setTitle] = useState('');
  const [winners, setWinners] = useState('1');
  const [closesAt, setClosesAt] = useState(() => localInputValue(new Date(Date.now() + WEEK_MS)));
  const [item, setItem] = useState('');
  const [prize, setPrize] = useState('');
  const [prizeImage, setPrizeImage] = useState<{ url: string; uploadId: number | null } | null>(null);
  const [repeat, setRepeat] = useState<Repeat | 'none'>('none');
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const closes = closesAt ? new Date(closesAt) : null;
    const request = {
      project_id: actionId,
      title,
      winners: winners.trim() === '' ? Number.NaN : Number(winners),
      closes_at: closes && !Number.isNaN(closes.getTime()) ? closes.toISOString() : '',
      item_contains: item,
      repeat: repeat === 'none' ? null : repeat,
      // A picture alone is no prize: the text names it (the server refuses a picture without it).
      prize: prize.trim() || prizeImage ? { text: prize, image_upload_id: prizeImage?.uploadId ?? null } : null,
    };
    const parsed = createDrawRequestSchema.safeParse(request);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    create.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setNotice(successNotice(message));
        setTitle('');
        setItem('');
        setPrize('');
        setPrizeImage(null);
      },
      onError: (error) => setNotice(errorNotice(error, m.saveFailed)),
    });
  };

  return (
    <form className="panel draws-form" onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {m.createTitle}
      </h2>
      <TextField label={m.titleLabel} value={title} onChange={(e) => setTitle(e.target.value)} error={problems.title} maxLength={100} />
      <div className="draws-form__row">
        <TextField
          label={m.winnersLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={DRAW_WINNERS_MAX}
          value={winners}
          onChange={(e) => setWinners(e.target.value)}
          error={problems.winners}
        />
        <TextField
          label={m.closesAtLabel}
          type="datetime-local"
          value={closesAt}
          onChange={(e) => setClosesAt(e.target.value)}
          error={problems.closes_at}
        />
      </div>
      <TextField
        label={m.itemLabel}
        value={item}
        onChange={(e) => setItem(e.target.value)}
        hint={m.itemHint}
        error={problems.item_contains}
      />
      <TextField
        label={m.prizeLabel}
        value={prize}
        onChange={(e) => setPrize(e.target.value)}
        hint={m.prizeHint}
        error={problems.prize}
        maxLength={DRAW_PRIZE_MAX}
      />
      <ImagePicker
        label={m.prizeImageLabel}
        imageUrl={prizeImage?.url ?? null}
        onChange={(url, uploadId) => setPrizeImage(url ? { url, uploadId } : null)}
      />
      <SelectField
        label={m.repeatLabel}
        value={repeat}
        onChange={(e) => setRepeat(e.target.value as Repeat | 'none')}
        hint={m.repeatHint}
        error={problems.repeat}
      >
        {(['none', ...DRAW_REPEATS] as const).map((value) => (
          <option key={value} value={value}>
            {REPEAT_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <p>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? m.creating : m.create}
        </button>
      </p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
    </form>
  );
}

function DrawList({ actionId }: { actionId: number }) {
  const query = useDrawsQuery(actionId);
  const titleId = useId();
  return (
    <section className="draws-list" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {m.listTitle}
      </h2>
      <QueryView query={query} loading={m.loading} failed={m.loadFailed} empty={{ text: m.empty, when: (data) => data.draws.length === 0 }}>
        {(data) => (
          <ul className="draws-list__items">
            {data.draws.map((draw) => (
              <li key={draw.id}>
                <DrawCard draw={draw} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function DrawCard({ draw }: { draw: DrawSummary }) {
  const close = useCloseDrawMutation();
  const stopRepeating = useStopRepeatingMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const closed = draw.status !== 'open';
  const headingId = useId();
  const answered = {
    onSuccess: ({ message }: { message: string }) => setNotice(successNotice(message)),
    onError: (error: Error) => setNotice(errorNotice(error, m.saveFailed)),
  };
  const handleClose = () => close.mutate(draw.id, answered);
  const handleStopRepeating = () => stopRepeating.mutate(draw.id, answered);
  return (
    <article className="panel draw-card" aria-labelledby={headingId}>
      <header className="draw-card__header">
        <h3 className="draw-card__title" id={headingId}>
          {draw.title}
        </h3>
        <StatusBadge tone={STATUS_TONES[draw.status]}>{STATUS_LABELS[draw.status]}</StatusBadge>
      </header>
      <p className="draw-card__facts">
        <span>
          {closed
            ? fillMessage(m.closedAt, { date: formatDateTime(draw.closed_at!) })
            : fillMessage(m.closesAt, { date: formatDateTime(draw.closes_at) })}
        </span>
        <span>{fillMessage(m.ticketsCount, { count: formatNumber(draw.tickets_count) })}</span>
        <span>{fillMessage(m.winnersCount, { count: draw.winners_count })}</span>
        {draw.item_contains && <span>{fillMessage(m.itemOnly, { item: draw.item_contains })}</span>}
        {draw.repeat && <span>{REPEATS_LABELS[draw.repeat]}</span>}
      </p>
      {draw.status === 'drawing' && draw.drand && (
        <p>{fillMessage(m.drawingLine, { round: draw.drand.round, date: formatDateTime(draw.drand.round_at) })}</p>
      )}
      {draw.prize && <p className="draw-card__prize">{fillMessage(m.prizeLine, { prize: draw.prize.text })}</p>}
      <p className="draw-card__actions">
        <a href={draw.public_path} target="_blank" rel="noopener">
          {m.publicLink}
        </a>
        {!closed && (
          <button type="button" className="button button--secondary" onClick={handleClose} disabled={close.isPending}>
            {close.isPending ? m.closing : m.closeNow}
          </button>
        )}
        {!closed && draw.repeat && (
          <button type="button" className="button button--secondary" onClick={handleStopRepeating} disabled={stopRepeating.isPending}>
            {stopRepeating.isPending ? m.stoppingRepeating : m.stopRepeating}
          </button>
        )}
      </p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      {draw.status === 'closed' && <Winners drawId={draw.id} title={draw.title} />}
    </article>
  );
}

function Winners({ drawId, title }: { drawId: number; title: string }) {
  const query = useDrawQuery(drawId, true);
  return (
    <QueryView query={query} loading={m.loading} failed={m.loadFailed}>
      {({ draw }) =>
        draw.winners.length === 0 ? (
          <p>{m.noWinners}</p>
        ) : (
          <>
            <h4 className="draw-card__subtitle">{m.winnersTitle}</h4>
            <WinnersTable draw={draw} caption={`${m.winnersTitle}: ${title}`} />
          </>
        )
      }
    </QueryView>
  );
}

function WinnersTable({ draw, caption }: { draw: Draw; caption: string }) {
  const handOver = useHandOverMutation(draw.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const handleHandOver = (ticket: number) =>
    handOver.mutate(ticket, {
      onSuccess: ({ message }) => setNotice(successNotice(message)),
      onError: (error) => setNotice(errorNotice(error, m.saveFailed)),
    });
  return (
    <>
      <ScrollTable caption={caption} cards>
        <thead>
          <tr>
            <th scope="col">{m.columnPlace}</th>
            <th scope="col">{m.columnTicket}</th>
            <th scope="col">{m.columnBuyer}</th>
            <th scope="col">{m.columnPrize}</th>
          </tr>
        </thead>
        <tbody>
          {draw.winners.map((winner) => (
            <tr key={winner.place}>
              <DataCell label={m.columnPlace}>{winner.place}</DataCell>
              <DataCell label={m.columnTicket}>№ {winner.ticket}</DataCell>
              <DataCell label={m.columnBuyer}>
                <Link to={buyerCardPath(winner.buyer_tg_id, draw.project_id)}>
                  {winner.buyer_name ? `${winner.buyer_name} (${winner.buyer_tg_id})` : winner.buyer_tg_id}
                </Link>
              </DataCell>
              <DataCell label={m.columnPrize}>
                {winner.handed_over_at ? (
                  fillMessage(m.handedOverAt, { date: formatDateTime(winner.handed_over_at) })
                ) : (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => handleHandOver(winner.ticket)}
                    disabled={handOver.isPending}
                  >
                    {m.handOver}
                  </button>
                )}
              </DataCell>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
    </>
  );
}
