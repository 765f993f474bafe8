import { messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useStatementQuery } from '../../../api/billing.js';
import { EXPORT_PATHS } from '../../../../contract/exports.js';
import { Banner } from '../../../components/banner.js';
import { DownloadCsvButton } from '../../../components/download-csv-button.js';
import { usePageTitle } from '../page-title.js';
import { StatementLineItem } from './statement-line.js';
import { BankInvoices } from './bank-invoices.js';
import { InvoiceDialog } from './invoice-dialog.js';
import '../../../components/panel.css';
import './balance.css';
import './bank-invoices.css';
import { LoadingState, EmptyState } from '../../../components/list-state.js';
import { useState } from 'react';

const s = messages.actionScreens;

/** /dashboard/balance, 'Операции по балансу': every top-up and charge, newest first, a day's receipt charges folded. */
export function BalancePage() {
  const title = usePageTitle();
  const statement = useStatementQuery();
  const lines = statement.data?.pages.flatMap((page) => page.lines) ?? [];
  const [invoiceDialogOpen, setInvoiceDialogOpen] = useState(false);

  return (
    <section className="dashboard-page">
      <h1 className="dashboard-page__title">{title}</h1>
      <div className="balance-actions">
        <button type="button" className="button button--secondary" onClick={() => setInvoiceDialogOpen(true)}>
          {messages.bankInvoices.payByInvoice}
        </button>
        {lines.length > 0 && <DownloadCsvButton path={EXPORT_PATHS.balance} query={{}} fallbackName="scanapp-balance.csv" />}
      </div>
      {invoiceDialogOpen && <InvoiceDialog onClose={() => setInvoiceDialogOpen(false)} />}
      {statement.isPending && <LoadingState>{messages.common.loading}</LoadingState>}
      {statement.isError && <Banner tone="error">{errorMessageOf(statement.error, messages.billing.operationsLoadFailed)}</Banner>}
      {statement.isSuccess && lines.length === 0 && <EmptyState>{s.operationsEmpty}</EmptyState>}
      {lines.length > 0 && (
        <ul className="operations panel" aria-label={title}>
          {lines.map((line) => (
            <StatementLineItem key={line.id} line={line} />
          ))}
        </ul>
      )}
      {statement.hasNextPage && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            disabled={statement.isFetchingNextPage}
            onClick={() => statement.fetchNextPage()}
          >
            {statement.isFetchingNextPage ? messages.common.loading : messages.receipts.showMore}
          </button>
        </p>
      )}
      <BankInvoices />
    </section>
  );
}
