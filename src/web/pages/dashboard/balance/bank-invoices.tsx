import { fillMessage, messages } from '../../../../contract/messages.js';
import { BANK_INVOICE_STATUS_LABELS } from '../../../../contract/bank-invoices.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useBankInvoicesQuery } from '../../../api/bank-invoices.js';
import { Banner } from '../../../components/banner.js';
import { EmptyState, LoadingState } from '../../../components/list-state.js';
import { StatusBadge } from '../../../components/status-badge.js';
import { formatDate, formatRubles } from '../../../lib/format.js';
import { DemoBankLink, DownloadInvoiceButton } from './invoice-dialog.js';

const m = messages.bankInvoices;

/** «Счета на оплату»: the seller's bank invoices with their status; each PDF can be downloaded again. */
export function BankInvoices() {
  const invoices = useBankInvoicesQuery();
  return (
    <section className="bank-invoices" aria-labelledby="bank-invoices-title">
      <h2 className="bank-invoices__title" id="bank-invoices-title">
        {m.listTitle}
      </h2>
      {invoices.isPending && <LoadingState>{messages.common.loading}</LoadingState>}
      {invoices.isError && <Banner tone="error">{errorMessageOf(invoices.error, m.listLoadFailed)}</Banner>}
      {invoices.isSuccess && invoices.data.length === 0 && <EmptyState>{m.listEmpty}</EmptyState>}
      {invoices.isSuccess && invoices.data.length > 0 && (
        <ul className="operations panel" aria-label={m.listTitle}>
          {invoices.data.map((invoice) => (
            <li key={invoice.number} className="operation bank-invoice">
              <div className="operation__what">
                <div className="operation__description">{`№ ${invoice.number}`}</div>
                <div className="operation__date">
                  {formatDate(invoice.created_at)}
                  {invoice.paid_at && `, ${fillMessage(m.paidAt, { date: formatDate(invoice.paid_at) })}`}
                </div>
                {invoice.status === 'pending' && <DemoBankLink number={invoice.number} />}
              </div>
              <div className="operation__money bank-invoice__side">
                <span className="bank-invoice__amount">{formatRubles(invoice.amount)}</span>
                <StatusBadge tone={invoice.status === 'paid' ? 'success' : 'warning'}>
                  {BANK_INVOICE_STATUS_LABELS[invoice.status]}
                </StatusBadge>
                <DownloadInvoiceButton number={invoice.number} compact />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
