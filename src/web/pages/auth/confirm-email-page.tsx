import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { useConfirmEmailMutation } from '../../api/account.js';
import { errorMessageOf } from '../../api/api-error.js';
import { Banner } from '../../components/banner.js';
import { AuthScreen } from './auth-screen.js';

const f = messages.accountForms;

/**
 * /confirm-email?token=…: a button, not a call on load, so a mail scanner that opens links does
 * not switch the address on the seller's behalf.
 */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useConfirmEmailMutation();

  return (
    <AuthScreen title={f.confirmEmailTitle} lead={confirm.isSuccess || !token ? undefined : f.confirmEmailLead}>
      {!token && <Banner tone="error">{messages.account.emailLinkInvalid}</Banner>}
      {confirm.isError && <Banner tone="error">{errorMessageOf(confirm.error, f.saveFailed)}</Banner>}
      {confirm.isSuccess && <Banner tone="success">{confirm.data.message}</Banner>}
      <div className="auth-card__actions">
        {token && !confirm.isSuccess && (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate({ token })}
          >
            {confirm.isPending ? f.saving : f.confirmEmailSubmit}
          </button>
        )}
        <Link
          to="/dashboard"
          className={confirm.isSuccess ? 'button button--primary button--block' : 'button button--secondary button--block'}
        >
          {f.toCabinet}
        </Link>
      </div>
    </AuthScreen>
  );
}
