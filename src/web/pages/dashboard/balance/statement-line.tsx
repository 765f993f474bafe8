import { useId, useState } from 'react';
import type { LedgerEntry, StatementLine } from '../../../../contract/billing.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useStatementChargesQuery } from '../../../api/billing.js';
import { Banner } from '../../../components/banner.js';
import { formatDateTime, formatDateTimeSpan, formatRubles } from '../../../lib/format.js';
import { signedRubles } from './signed-rubles.js';

const s = messages.actionScreens;

function Money({ entry }: { entry: Pick<LedgerEntry, 'amount' | 'balance_after'> }) {
  return (
    <div className="operation__money">
      <p className={entry.amount > 0 ? 'operation__amount operation__amount--credit' : 'operation__amount'}>{signedRubles(entry.amount)}</p>
      <p className="operation__after">{fillMessage(s.balanceAfter, { amount: formatRubles(entry.balance_after) })}</p>
    </div>
  );
}

function Operation({ entry, when }: { entry: LedgerEntry; when: string }) {
  return (
    <>
      <div className="operation__what">
        <p className="operation__description">{entry.description}</p>
        <p className="operation__date">
          <time dateTime={entry.created_at}>{when}</time>
        </p>
      </div>
      <Money entry={entry} />
    </>
  );
}

/** The receipt charges behind a folded line, fetched when opened. */
function FoldedCharges({ line }: { line: StatementLine }) {
  const charges = useStatementChargesQuery(line, true);
  const rows = charges.data?.pages.flatMap((page) => page.operations) ?? [];
  if (charges.isPending) return <p className="operation__date">{messages.common.loading}</p>;
  if (charges.isError) return <Banner tone="error">{errorMessageOf(charges.error, messages.billing.operationsLoadFailed)}</Banner>;
  return (
    <>
      <ul className="operation__charges">
        {rows.map((entry) => (
          <li key={entry.id} className="operation">
            <Operation entry={entry} when={formatDateTime(entry.created_at)} />
          </li>
        ))}
      </ul>
      {charges.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          disabled={charges.isFetchingNextPage}
          onClick={() => charges.fetchNextPage()}
        >
          {charges.isFetchingNextPage ? messages.common.loading : messages.receipts.showMore}
        </button>
      )}
    </>
  );
}

/** One statement line: a top-up or charge, or a day's receipt charges folded, with the detail on demand. */
export function StatementLineItem({ line }: { line: StatementLine }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <li className="operation">
      <Operation entry={line} when={formatDateTimeSpan(line.first_created_at, line.created_at)} />
      {line.entries > 1 && (
        <div className="operation__detail">
          <button type="button" className="operation__toggle" aria-expanded={open} aria-controls={detailId} onClick={() => setOpen(!open)}>
            {open ? s.statementChargesHide : s.statementChargesShow}
          </button>
          <div id={detailId} hidden={!open}>
            {open && <FoldedCharges line={line} />}
          </div>
        </div>
      )}
    </li>
  );
}
