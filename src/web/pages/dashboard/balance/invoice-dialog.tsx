import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  sellerRequisitesSchema,
  type CreateBankInvoiceResponse,
  type SellerRequisites,
  type SellerRequisitesInput,
} from '../../../../contract/bank-invoices.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { errorMessageOf } from '../../../api/api-error.js';
import {
  downloadBankInvoice,
  useIssueBankInvoiceMutation,
  useRequisitesQuery,
  useSaveRequisitesMutation,
} from '../../../api/bank-invoices.js';
import { useHealthQuery } from '../../../api/system.js';
import { Banner } from '../../../components/banner.js';
import { Dialog } from '../../../components/dialog.js';
import { LoadingState } from '../../../components/list-state.js';
import { TextField } from '../../../components/text-field.js';
import { formatRubles } from '../../../lib/format.js';
import { checkInvoiceAmount } from './invoice-amount.js';
// Its own styles: the dialog also opens from «Пополнить» on any cabinet page.
import './bank-invoices.css';

const m = messages.bankInvoices;
/** The demo bank's page (`modules/billing/demo-bank-routes.ts`). */
const DEMO_BANK_PATH = '/__emulators/bank/';

/**
 * «Оплатить по счёту»: the payer's requisites (asked for once, editable), the amount, «Выставить
 * счёт», then the PDF to download. The balance grows when the operator enters the bank payment.
 */
export function InvoiceDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const requisites = useRequisitesQuery();
  const [editing, setEditing] = useState(false);
  const [issued, setIssued] = useState<(CreateBankInvoiceResponse & { amount: number }) | null>(null);
  const showRequisitesForm = requisites.isSuccess && (requisites.data === null || editing);
  const showAmountForm = requisites.isSuccess && !showRequisitesForm && issued === null;

  return (
    <Dialog
      title={m.dialogTitle}
      onClose={onClose}
      actions={(close) => (
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {issued ? m.close : messages.common.cancel}
          </button>
          {showRequisitesForm && (
            <button type="submit" form={formId} className="button button--primary">
              {m.requisitesSave}
            </button>
          )}
          {showAmountForm && (
            <button type="submit" form={formId} className="button button--primary">
              {m.issue}
            </button>
          )}
        </>
      )}
    >
      <p className="invoice-dialog__hint">{m.dialogHint}</p>
      {requisites.isPending && <LoadingState>{messages.common.loading}</LoadingState>}
      {requisites.isError && <Banner tone="error">{errorMessageOf(requisites.error, m.requisitesLoadFailed)}</Banner>}
      {showRequisitesForm && <RequisitesForm formId={formId} initial={requisites.data} onSaved={() => setEditing(false)} />}
      {requisites.isSuccess && requisites.data && !showRequisitesForm && (
        <RequisitesSummary requisites={requisites.data} onEdit={issued ? undefined : () => setEditing(true)} />
      )}
      {showAmountForm && <AmountForm formId={formId} onIssued={setIssued} />}
      {issued && <IssuedInvoice invoice={issued} />}
    </Dialog>
  );
}

function RequisitesForm({ formId, initial, onSaved }: { formId: string; initial: SellerRequisites | null; onSaved: () => void }) {
  const save = useSaveRequisitesMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SellerRequisitesInput>({
    resolver: zodResolver(sellerRequisitesSchema),
    defaultValues: { name: initial?.name ?? '', inn: initial?.inn ?? '', kpp: initial?.kpp ?? '', address: initial?.address ?? '' },
  });
  const handleSave = handleSubmit((values) => save.mutate(values, { onSuccess: onSaved }));

  return (
    <form id={formId} className="invoice-dialog__form" noValidate onSubmit={handleSave} aria-label={m.requisitesTitle}>
      <h3 className="invoice-dialog__subtitle">{m.requisitesTitle}</h3>
      <p className="invoice-dialog__hint">{m.requisitesHint}</p>
      {save.isError && <Banner tone="error">{errorMessageOf(save.error, m.requisitesSaveFailed)}</Banner>}
      <TextField label={m.nameLabel} autoComplete="organization" error={errors.name} {...register('name')} />
      <TextField label={m.innLabel} inputMode="numeric" autoComplete="off" error={errors.inn} {...register('inn')} />
      <TextField label={m.kppLabel} autoComplete="off" hint={m.kppHint} error={errors.kpp} {...register('kpp')} />
      <TextField label={m.addressLabel} autoComplete="street-address" error={errors.address} {...register('address')} />
    </form>
  );
}

function RequisitesSummary({ requisites, onEdit }: { requisites: SellerRequisites; onEdit?: () => void }) {
  return (
    <div className="invoice-dialog__requisites">
      <p className="invoice-dialog__payer">{requisites.name}</p>
      <p className="invoice-dialog__codes">
        {fillMessage(m.innShort, { inn: requisites.inn })}
        {requisites.kpp && `, ${fillMessage(m.kppShort, { kpp: requisites.kpp })}`}
      </p>
      {onEdit && (
        <button type="button" className="button button--secondary button--small" onClick={onEdit}>
          {m.requisitesEdit}
        </button>
      )}
    </div>
  );
}

function AmountForm({ formId, onIssued }: { formId: string; onIssued: (invoice: CreateBankInvoiceResponse & { amount: number }) => void }) {
  const issue = useIssueBankInvoiceMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (issue.isPending) return;
    const checked = checkInvoiceAmount(text);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    issue.mutate(checked.amount, { onSuccess: (invoice) => onIssued({ ...invoice, amount: checked.amount }) });
  };

  return (
    <form id={formId} className="invoice-dialog__form" noValidate onSubmit={handleSubmit}>
      {issue.isError && <Banner tone="error">{errorMessageOf(issue.error, m.issueFailed)}</Banner>}
      <TextField
        label={m.amountLabel}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem}
      />
      {issue.isPending && <p role="status">{m.issuing}</p>}
    </form>
  );
}

function IssuedInvoice({ invoice }: { invoice: CreateBankInvoiceResponse & { amount: number } }) {
  return (
    <div className="invoice-dialog__issued">
      <Banner tone="success">{fillMessage(m.issued, { number: invoice.number, amount: formatRubles(invoice.amount) })}</Banner>
      <DownloadInvoiceButton number={invoice.number} />
      <DemoBankLink number={invoice.number} />
    </div>
  );
}

/** Demo mode: the invoice can be paid at the emulator's bank, which credits it as a real payment would. */
export function DemoBankLink({ number }: { number: string }) {
  const demo = useHealthQuery().data?.mode === 'demo';
  if (!demo) return null;
  return (
    <p className="invoice-dialog__demo-bank">
      <a href={`${DEMO_BANK_PATH}?number=${encodeURIComponent(number)}`}>{m.payAtDemoBank}</a>
    </p>
  );
}

/** Saves the invoice's PDF (fetched with the session's token), telling when it could not. */
export function DownloadInvoiceButton({ number, compact = false }: { number: string; compact?: boolean }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const label = fillMessage(m.download, { number });
  const handleDownload = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadBankInvoice(number);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: errorMessageOf(error, m.downloadFailed) });
    }
  };
  return (
    <div className="invoice-download">
      <button
        type="button"
        className={compact ? 'button button--secondary button--small' : 'button button--primary'}
        aria-label={compact ? label : undefined}
        aria-disabled={state.busy || undefined}
        onClick={() => !state.busy && void handleDownload()}
      >
        {compact ? m.pdfShort : label}
      </button>
      {state.error && (
        <p className="text-field__error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
