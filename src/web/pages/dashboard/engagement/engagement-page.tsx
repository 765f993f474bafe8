import { Link, useParams } from 'react-router';
import type { BirthdayResults, DailyBonusResults } from '../../../../contract/engagement.js';
import { messages } from '../../../../contract/messages.js';
import { useBirthdayResultsQuery, useDailyBonusResultsQuery } from '../../../api/engagement.js';
import { Banner } from '../../../components/banner.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { FigureCards } from '../../../components/figure-cards.js';
import { EmptyState } from '../../../components/list-state.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.js';
import { parseActionId } from '../../../lib/action-id.js';
import { usePageTitle } from '../page-title.js';
import '../../../components/panel.css';
import './engagement.css';

const e = messages.engagement;
const b = messages.birthday;
const d = messages.dailyBonus;

/**
 * /dashboard/action/{id}/engagement: what the bot's birthday and daily-bonus functions
 * did for the action — read-only; their switches and settings are in «Функции бота».
 */
export function EngagementPage() {
  const actionId = parseActionId(useParams().id);
  return (
    <section className="dashboard-page engagement">
      <Link className="engagement__back" to={actionId === null ? '/dashboard' : `/dashboard/action/${actionId}`}>
        {e.backToAction}
      </Link>
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      {actionId === null ? (
        <Banner tone="error">{messages.actionPage.invalidId}</Banner>
      ) : (
        <>
          <BirthdayPanel actionId={actionId} />
          <DailyBonusPanel actionId={actionId} />
        </>
      )}
    </section>
  );
}

/** A shopper as the lists show them: Telegram's name and the id. */
const shopper = (row: { buyer_tg_id: string; name: string | null }) => (row.name ? `${row.name} (${row.buyer_tg_id})` : row.buyer_tg_id);

function BirthdayPanel({ actionId }: { actionId: number }) {
  const query = useBirthdayResultsQuery(actionId);
  return (
    <Panel title={b.resultsTitle}>
      <QueryView query={query} loading={e.loading} failed={e.loadFailed}>
        {(results) => <BirthdayLists results={results} />}
      </QueryView>
    </Panel>
  );
}

function BirthdayLists({ results }: { results: BirthdayResults }) {
  return (
    <>
      <h3 className="engagement__subtitle">{b.resultsGiven}</h3>
      {results.given.length === 0 ? (
        <EmptyState>{b.resultsNoneGiven}</EmptyState>
      ) : (
        <ScrollTable caption={b.resultsGiven} cards>
          <thead>
            <tr>
              <th scope="col">{e.columnShopper}</th>
              <th scope="col">{b.columnDate}</th>
              <th scope="col">{b.columnGivenAt}</th>
            </tr>
          </thead>
          <tbody>
            {results.given.map((row) => (
              <tr key={row.buyer_tg_id}>
                <DataCell label={e.columnShopper}>{shopper(row)}</DataCell>
                <DataCell label={b.columnDate}>{row.date}</DataCell>
                <DataCell label={b.columnGivenAt}>{formatDate(row.given_at)}</DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <h3 className="engagement__subtitle">{b.resultsGreeted}</h3>
      {results.greeted.length === 0 ? (
        <EmptyState>{b.resultsNoneGreeted}</EmptyState>
      ) : (
        <ScrollTable caption={b.resultsGreeted} cards>
          <thead>
            <tr>
              <th scope="col">{e.columnShopper}</th>
              <th scope="col">{d.columnPoints}</th>
              <th scope="col">{b.columnGreetedAt}</th>
            </tr>
          </thead>
          <tbody>
            {results.greeted.map((row) => (
              <tr key={row.buyer_tg_id}>
                <DataCell label={e.columnShopper}>{shopper(row)}</DataCell>
                <DataCell label={d.columnPoints}>{formatNumber(row.points)}</DataCell>
                <DataCell label={b.columnGreetedAt}>{formatDateTime(row.greeted_at)}</DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </>
  );
}

function DailyBonusPanel({ actionId }: { actionId: number }) {
  const query = useDailyBonusResultsQuery(actionId);
  return (
    <Panel title={d.resultsTitle}>
      <QueryView query={query} loading={e.loading} failed={e.loadFailed}>
        {(results) => <DailyBonusLists results={results} />}
      </QueryView>
    </Panel>
  );
}

function DailyBonusLists({ results }: { results: DailyBonusResults }) {
  return (
    <>
      <FigureCards
        className="engagement__figures"
        figures={[
          [d.resultsShoppersToday, formatNumber(results.today_totals.shoppers)],
          [d.resultsPointsToday, formatNumber(results.today_totals.points)],
          [d.resultsShoppersMonth, formatNumber(results.month_totals.shoppers)],
          [d.resultsPointsMonth, formatNumber(results.month_totals.points)],
        ]}
      />
      {results.claims.length === 0 ? (
        <EmptyState>{d.resultsNone}</EmptyState>
      ) : (
        <ScrollTable caption={d.resultsTitle} cards>
          <thead>
            <tr>
              <th scope="col">{e.columnShopper}</th>
              <th scope="col">{d.columnDay}</th>
              <th scope="col">{d.columnPoints}</th>
            </tr>
          </thead>
          <tbody>
            {results.claims.map((row) => (
              <tr key={`${row.buyer_tg_id}:${row.day}`}>
                <DataCell label={e.columnShopper}>{shopper(row)}</DataCell>
                <DataCell label={d.columnDay}>{formatDate(`${row.day}T12:00:00+03:00`)}</DataCell>
                <DataCell label={d.columnPoints}>{formatNumber(row.points)}</DataCell>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </>
  );
}
