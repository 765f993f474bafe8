import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { BeaconDrawCheck } from '../../../contract/draw-beacon.js';
import { verifyDraw, type DrawCheck, type FairTicket } from '../../../contract/draw-fairness.js';
import type { PublicDraw } from '../../../contract/draws.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import { useDrawTicketsListQuery, usePublicDrawQuery, usePublicDrawTicketsQuery } from '../../api/draws.js';
import { Banner } from '../../components/banner.js';
import { DataCell, ScrollTable } from '../../components/data-table.js';
import { QueryView } from '../../components/query-view.js';
import { TextField } from '../../components/text-field.js';
import { formatDateTime, formatNumber } from '../../lib/format.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { parseActionId } from '../../lib/action-id.js';
import { PublicPage } from './public-page.js';
import '../../components/panel.css';
import './draw-page.css';

const m = messages.draws;
/**
 * Up to this many tickets the page re-computes the draw as it opens (the list is a few hundred
 * kilobytes); a longer list is fetched when the visitor asks, being megabytes.
 */
const CHECK_AT_ONCE_MAX = 20_000;
/** A list's line is about this long: «ticket;receipt;shopper» and a line feed. */
const LINE_BYTES = 25;

/**
 * /draws/{id}: a prize draw as anyone may check it, without signing in: its prize, the drand round
 * fixed for it and the chain's key, the ticket list's hash, the tickets a page at a time (shoppers
 * masked; a shopper finds their own by its number), the round's signature and the winners,
 * re-computed here in the browser from the whole list by the same code the server ran
 * (contract/draw-beacon.ts; a draw made before the beacon: its seed and commitment, draw-fairness.ts).
 */
export function DrawPage() {
  const drawId = parseActionId(useParams().id);
  return (
    <PublicPage header="home-button" className="draw-page">
      {drawId === null ? <Banner tone="error">{m.notFound}</Banner> : <LoadedDraw drawId={drawId} />}
    </PublicPage>
  );
}

function LoadedDraw({ drawId }: { drawId: number }) {
  const query = usePublicDrawQuery(drawId);
  return (
    <QueryView query={query} loading={m.publicLoading} failed={m.publicFailed}>
      {(draw) => <DrawView draw={draw} />}
    </QueryView>
  );
}

function DrawView({ draw }: { draw: PublicDraw }) {
  const title = fillMessage(m.publicTitle, { title: draw.title });
  useDocumentTitle(title);
  const period = draw.closed_at
    ? fillMessage(m.publicPeriodClosed, { from: formatDateTime(draw.created_at), to: formatDateTime(draw.closed_at) })
    : fillMessage(m.publicPeriodOpen, { date: formatDateTime(draw.closes_at) });
  return (
    <article className="draw-page__body">
      <h1>{title}</h1>
      <p>{fillMessage(m.publicAction, { name: draw.action_name, count: draw.winners_count, period })}</p>
      {draw.item_contains && <p>{fillMessage(m.publicItem, { item: draw.item_contains })}</p>}
      {draw.prize && (
        <figure className="draw-page__prize">
          {draw.prize.image_url && <img src={draw.prize.image_url} alt={draw.prize.text} />}
          <figcaption>{fillMessage(m.publicPrize, { prize: draw.prize.text })}</figcaption>
        </figure>
      )}
      <DrawCheckView draw={draw} />
      {draw.drand ? <BeaconValues draw={draw} drand={draw.drand} /> : <SeedValues draw={draw} />}
      {draw.winners.length > 0 && (
        <section aria-labelledby="draw-winners">
          <h2 id="draw-winners">{m.winnersTitle}</h2>
          <ol className="draw-page__winners">
            {draw.winners.map((winner) => (
              <li key={winner.place}>
                {m.columnTicket} № {winner.ticket} — {winner.masked}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="draw-how">
        <h2 id="draw-how">{m.howTitle}</h2>
        <p>{draw.drand ? m.howBeacon1 : m.how1}</p>
        <p>{m.how2}</p>
        <p>{draw.drand ? m.howBeacon3 : m.how3}</p>
        <p>{fillMessage(m.how4, { id: draw.id })}</p>
      </section>
      <TicketsSection draw={draw} />
    </article>
  );
}

type Drand = NonNullable<PublicDraw['drand']>;

/** A draw made before the beacon: its seed's commitment, the list's hash, the seed once revealed. */
function SeedValues({ draw }: { draw: PublicDraw }) {
  return (
    <dl className="draw-page__values">
      <dt>{m.commitmentLabel}</dt>
      <dd>
        <code>{draw.commitment}</code>
      </dd>
      <dt>{m.ticketsHashLabel}</dt>
      <dd>{draw.tickets_hash ? <code>{draw.tickets_hash}</code> : '—'}</dd>
      <dt>{m.seedLabel}</dt>
      <dd>{draw.seed ? <code>{draw.seed}</code> : m.seedHidden}</dd>
    </dl>
  );
}

/** A beacon draw: the round fixed at creation, the chain that signs it, the list's hash, the round once out. */
function BeaconValues({ draw, drand }: { draw: PublicDraw; drand: Drand }) {
  return (
    <dl className="draw-page__values">
      <dt>{m.drandRoundLabel}</dt>
      <dd>
        {fillMessage(m.drandRound, { round: drand.round, date: formatDateTime(drand.round_at) })}
        {drand.round_url && (
          <>
            {' '}
            (<a href={drand.round_url}>{m.drandRoundLink}</a>)
          </>
        )}
      </dd>
      <dt>{m.drandChainLabel}</dt>
      <dd>
        <code>{drand.chain_hash}</code> <code>{drand.public_key}</code>
      </dd>
      <dt>{m.ticketsHashLabel}</dt>
      <dd>{draw.tickets_hash ? <code>{draw.tickets_hash}</code> : '—'}</dd>
      <dt>{m.randomnessLabel}</dt>
      <dd>{draw.beacon ? <code>{draw.beacon.randomness}</code> : m.roundPending}</dd>
      <dt>{m.signatureLabel}</dt>
      <dd>{draw.beacon ? <code>{draw.beacon.signature}</code> : m.roundPending}</dd>
    </dl>
  );
}

/** The outcome of a check run in this browser: everything matched, or which parts did not. */
function CheckResult({ ok, failed }: { ok: string; failed: (string | null)[] }) {
  const parts = failed.filter((part) => part !== null);
  return parts.length === 0 ? (
    <Banner tone="success">{ok}</Banner>
  ) : (
    <Banner tone="error">{fillMessage(m.checkFailed, { parts: parts.join(', ') })}</Banner>
  );
}

/**
 * The tickets a page at a time from the number a shopper looks for (keyset: the page starts at that
 * ticket, however long the list), and the whole list to download once it is frozen.
 */
function TicketsSection({ draw }: { draw: PublicDraw }) {
  const [from, setFrom] = useState(1);
  const [wanted, setWanted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const page = usePublicDrawTicketsQuery(draw.id, from);
  const find = (event: FormEvent) => {
    event.preventDefault();
    const ticket = Number(wanted);
    if (!Number.isSafeInteger(ticket) || ticket < 1) return setProblem(m.ticketInvalid);
    setProblem(null);
    setFrom(ticket);
  };
  return (
    <section aria-labelledby="draw-tickets">
      <h2 id="draw-tickets">{fillMessage(m.ticketsTitle, { count: formatNumber(draw.tickets_count) })}</h2>
      {draw.tickets_url && (
        <p>
          <a href={draw.tickets_url} download>
            {m.ticketsDownload}
          </a>
        </p>
      )}
      {draw.tickets_count === 0 ? (
        <p>{m.noTickets}</p>
      ) : (
        <>
          <form className="draw-page__find" onSubmit={find} noValidate>
            <TextField
              label={m.ticketsFind}
              inputMode="numeric"
              value={wanted}
              onChange={(e) => setWanted(e.target.value)}
              error={problem}
            />
            <button type="submit" className="button button--secondary">
              {m.ticketsFindButton}
            </button>
          </form>
          <QueryView query={page} loading={m.publicLoading} failed={m.publicFailed}>
            {({ tickets, next_from: nextFrom }) =>
              tickets.length === 0 ? (
                <p role="status">{fillMessage(m.ticketsNone, { ticket: from, count: formatNumber(draw.tickets_count) })}</p>
              ) : (
                <>
                  <ScrollTable caption={fillMessage(m.ticketsTitle, { count: draw.tickets_count })} cards>
                    <thead>
                      <tr>
                        <th scope="col">{m.columnTicket}</th>
                        <th scope="col">{m.columnReceipt}</th>
                        <th scope="col">{m.columnShopper}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {tickets.map((ticket) => (
                        <tr key={ticket.ticket}>
                          <DataCell label={m.columnTicket}>{ticket.ticket}</DataCell>
                          <DataCell label={m.columnReceipt}>{ticket.receipt_id}</DataCell>
                          <DataCell label={m.columnShopper}>
                            {ticket.masked} (№ {ticket.shopper})
                          </DataCell>
                        </tr>
                      ))}
                    </tbody>
                  </ScrollTable>
                  <p className="draw-page__pages">
                    {from > 1 && (
                      <button type="button" className="button button--secondary" onClick={() => setFrom(1)}>
                        {m.ticketsFirst}
                      </button>
                    )}
                    {nextFrom !== null && (
                      <button type="button" className="button button--secondary" onClick={() => setFrom(nextFrom)}>
                        {m.ticketsNext}
                      </button>
                    )}
                  </p>
                </>
              )
            }
          </QueryView>
        </>
      )}
    </section>
  );
}

/**
 * The check of a drawn draw: the whole frozen list is fetched (at once when it is short, on the
 * visitor's word when it is megabytes) and the draw re-computed from it here.
 */
function DrawCheckView({ draw }: { draw: PublicDraw }) {
  const drawn = draw.tickets_url !== null && (draw.drand ? draw.beacon !== null : draw.seed !== null);
  const [asked, setAsked] = useState(false);
  const atOnce = draw.tickets_count <= CHECK_AT_ONCE_MAX;
  const list = useDrawTicketsListQuery(draw.tickets_url, drawn && (atOnce || asked));
  if (drawn && !atOnce && !asked) {
    const megabytes = formatNumber(Math.max(1, Math.round((draw.tickets_count * LINE_BYTES) / 1_000_000)));
    return (
      <Banner tone="info">
        {fillMessage(m.checkLarge, { count: formatNumber(draw.tickets_count), size: megabytes })}{' '}
        <button type="button" className="button button--secondary" onClick={() => setAsked(true)}>
          {m.checkRun}
        </button>
      </Banner>
    );
  }
  // A list that cannot be read is not the list the hash was published for.
  const tickets = list.isError ? [] : list.data;
  return draw.drand ? <BeaconCheck draw={draw} drand={draw.drand} tickets={tickets} /> : <SeedCheck draw={draw} tickets={tickets} />;
}

/**
 * A beacon draw re-computed in this browser: the round's BLS signature against the chain's public
 * key (drand-client, loaded only here: the curve code is most of its weight), the list's hash, the winners.
 */
function BeaconCheck({ draw, drand, tickets }: { draw: PublicDraw; drand: Drand; tickets: FairTicket[] | undefined }) {
  const [check, setCheck] = useState<BeaconDrawCheck | null>(null);
  const { beacon, tickets_hash: ticketsHash } = draw;
  useEffect(() => {
    if (beacon === null || ticketsHash === null || tickets === undefined) return;
    let current = true;
    void import('../../../contract/draw-beacon.js')
      .then(({ verifyBeaconDraw }) =>
        verifyBeaconDraw({
          chain: {
            hash: drand.chain_hash,
            public_key: drand.public_key,
            scheme_id: drand.scheme_id,
            period: drand.period,
            genesis_time: drand.genesis_time,
          },
          round: drand.round,
          beacon,
          tickets_hash: ticketsHash,
          winners_requested: draw.winners_count,
          tickets,
          winners: draw.winners.map((winner) => winner.ticket),
        }),
      )
      .then((result) => {
        if (current) setCheck(result);
      });
    return () => {
      current = false;
    };
  }, [draw, drand, beacon, ticketsHash, tickets]);
  if (beacon === null) {
    return <Banner tone="info">{fillMessage(m.checkPendingBeacon, { round: drand.round, date: formatDateTime(drand.round_at) })}</Banner>;
  }
  if (!check) return <p role="status">{m.checking}</p>;
  return (
    <CheckResult
      ok={m.checkOkBeacon}
      failed={[
        check.beacon ? null : m.checkPartBeacon,
        check.tickets_hash ? null : m.checkPartTickets,
        check.winners ? null : m.checkPartWinners,
      ]}
    />
  );
}

/** A draw made before the beacon re-computed in this browser from what the page shows. */
function SeedCheck({ draw, tickets }: { draw: PublicDraw; tickets: FairTicket[] | undefined }) {
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const { seed, tickets_hash: ticketsHash, commitment } = draw;
  useEffect(() => {
    if (seed === null || ticketsHash === null || commitment === null || tickets === undefined) return;
    let current = true;
    void verifyDraw({
      commitment,
      tickets_hash: ticketsHash,
      seed,
      winners_requested: draw.winners_count,
      tickets,
      winners: draw.winners.map((winner) => winner.ticket),
    }).then((result) => {
      if (current) setCheck(result);
    });
    return () => {
      current = false;
    };
  }, [draw, seed, ticketsHash, commitment, tickets]);
  if (seed === null) return <Banner tone="info">{m.checkPending}</Banner>;
  if (!check) return <p role="status">{m.checking}</p>;
  return (
    <CheckResult
      ok={m.checkOk}
      failed={[
        check.commitment ? null : m.checkPartCommitment,
        check.tickets_hash ? null : m.checkPartTickets,
        check.winners ? null : m.checkPartWinners,
      ]}
    />
  );
}
