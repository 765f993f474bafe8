import { useId, useState } from 'react';
import { fillMessage, messages } from '../../../contract/messages.js';
import { Banner } from '../../components/banner.js';
import { Dialog } from '../../components/dialog.js';
import { formatRubles } from '../../lib/format.js';
import { InvoiceDialog } from './balance/invoice-dialog.js';
import { amountDue } from './top-up/amount.js';
import { AmountPicker } from './top-up/amount-picker.js';
import { useTopUpForm } from './top-up/use-top-up-form.js';
import './top-up/top-up-dialog.css';

const t = messages.topUpDialog;

/**
 * 'Пополнить': choose an amount and pay by card on the provider's page in a new tab (SPEC §2, §4, §5).
 * `initialAmount` pre-fills the custom amount (the missing part of a refused charge).
 * «Оплатить по счёту» turns it into the bank invoice dialog, for sellers who pay from a company account.
 */
export function TopUpDialog({ onClose, initialAmount }: { onClose: () => void; initialAmount?: number }) {
  const [byInvoice, setByInvoice] = useState(false);
  if (byInvoice) return <InvoiceDialog onClose={onClose} />;
  return <CardTopUpDialog onClose={onClose} initialAmount={initialAmount} onPayByInvoice={() => setByInvoice(true)} />;
}

function CardTopUpDialog({
  onClose,
  initialAmount,
  onPayByInvoice,
}: {
  onClose: () => void;
  initialAmount?: number;
  onPayByInvoice: () => void;
}) {
  const formId = useId();
  const form = useTopUpForm({ onPaid: onClose, initialAmount });
  const due = amountDue(form.choice);

  return (
    <Dialog
      title={t.title}
      onClose={onClose}
      actions={(close) => (
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {messages.common.cancel}
          </button>
          <button type="submit" form={formId} className="button button--primary top-up__pay" aria-disabled={form.paying || undefined}>
            {form.paying ? t.paying : t.pay}
          </button>
        </>
      )}
    >
      <form id={formId} className="top-up" noValidate onSubmit={form.handleSubmit}>
        {form.payError && <Banner tone="error">{form.payError}</Banner>}
        <AmountPicker
          choice={form.choice}
          onChange={form.handleChange}
          onCustomBlur={form.handleCustomBlur}
          error={form.amountError}
          customRef={form.customRef}
        />
        <p className="top-up__due">
          {fillMessage(t.amountDue, { amount: due === null ? messages.cabinetPolish.amountDueUnknown : formatRubles(due) })}
        </p>
        <p className="top-up__note">{t.newTabNote}</p>
        <p className="top-up__invoice">
          <button type="button" className="button button--secondary" onClick={onPayByInvoice}>
            {messages.bankInvoices.payByInvoice}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
