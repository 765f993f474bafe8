import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../../contract/messages.js';
import { checkRequestSchema, type CheckResponse } from '../../../../contract/receipts.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { downloadDemoReceiptQr, useCheckReceiptMutation, useDemoReceiptMutation } from '../../../api/receipts.js';
import { useSessionState } from '../../../auth/session.js';
import { useHealthQuery } from '../../../api/system.js';
import { Banner } from '../../../components/banner.js';
import { Panel } from '../../../components/panel.js';
import '../../../components/panel.css';
import { TextField } from '../../../components/text-field.js';
import { formatNumber } from '../../../lib/format.js';
import { ReceiptStatusBadge } from './receipt-status-badge.js';

const s = messages.receiptScreens;
/** A shopper's messenger ID for demo checks. */
const DEMO_BUYER_ID = '100500';

/** The API's own rules for the two fields, so the form says what the server would (SPEC §5). */
const checkFormSchema = checkRequestSchema.pick({ qrurl: true, user_id_tg: true });

/** Checks a receipt for this action as the bot would, and shows the verdict (SPEC §2 Action page). */
export function ActionReceiptCheck({ actionId }: { actionId: number }) {
  const check = useCheckReceiptMutation(actionId);
  const demoReceipt = useDemoReceiptMutation(actionId);
  const isDemo = useHealthQuery().data?.mode === 'demo';
  const userId = useSessionState().session?.user.id ?? 0;
  const [qrDownloadError, setQrDownloadError] = useState<string | null>(null);
  const demoQr = demoReceipt.data?.qrurl;
  const handleDownloadQr = () => {
    if (!demoQr) return;
    setQrDownloadError(null);
    downloadDemoReceiptQr(demoQr, userId).catch((error: unknown) =>
      setQrDownloadError(errorMessageOf(error, messages.bot.downloadQrFailed)),
    );
  };
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(checkFormSchema), defaultValues: { qrurl: '', user_id_tg: '' } });

  const handleDemoReceipt = () =>
    demoReceipt.mutate(undefined, {
      onSuccess: ({ qrurl }) => {
        setValue('qrurl', qrurl, { shouldValidate: true });
        if (!getValues('user_id_tg')) setValue('user_id_tg', DEMO_BUYER_ID, { shouldValidate: true });
      },
    });

  const handleCheck = handleSubmit((form) => check.mutate(form));

  return (
    <Panel title={s.checkTitle}>
      <form className="receipt-check" noValidate onSubmit={handleCheck}>
        <TextField label={s.qrLabel} autoComplete="off" required error={errors.qrurl} {...register('qrurl')} />
        <TextField label={s.buyerIdLabel} autoComplete="off" required error={errors.user_id_tg} {...register('user_id_tg')} />
        <div>
          <button type="submit" className="button button--primary" disabled={check.isPending}>
            {check.isPending ? s.checking : s.checkSubmit}
          </button>
          {isDemo && (
            <button type="button" className="button button--secondary" disabled={demoReceipt.isPending} onClick={handleDemoReceipt}>
              {s.demoReceipt}
            </button>
          )}
          {isDemo && demoQr && (
            <button type="button" className="button button--secondary" onClick={handleDownloadQr}>
              {messages.bot.downloadQr}
            </button>
          )}
        </div>
        {isDemo && <p className="receipt-check__hint">{s.demoReceiptHint}</p>}
        {isDemo && demoQr && <p className="receipt-check__hint">{messages.bot.downloadQrHint}</p>}
      </form>
      {demoReceipt.isError && <Banner tone="error">{errorMessageOf(demoReceipt.error, s.demoReceiptFailed)}</Banner>}
      {qrDownloadError && <Banner tone="error">{qrDownloadError}</Banner>}
      {check.isError && <Banner tone="error">{errorMessageOf(check.error, messages.receipts.checkFailed)}</Banner>}
      {/* Always present, so screen readers announce each new verdict. */}
      <div role="status">{check.isSuccess && <CheckResult result={check.data} />}</div>
    </Panel>
  );
}

function CheckResult({ result }: { result: CheckResponse }) {
  return (
    <div className="check-result">
      <h3 className="check-result__title">{s.resultTitle}</h3>
      <dl className="check-result__facts">
        <div>
          <dt>{s.resultStatus}</dt>
          <dd>
            <ReceiptStatusBadge status={result.data.status} />
          </dd>
        </div>
        <div>
          <dt>{s.resultMessage}</dt>
          <dd>{result.message}</dd>
        </div>
        <div>
          <dt>{s.resultPoints}</dt>
          <dd>{formatNumber(result.data.points_awarded)}</dd>
        </div>
      </dl>
    </div>
  );
}
