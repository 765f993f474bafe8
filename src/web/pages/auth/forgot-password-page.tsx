import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordRequestSchema } from '../../../contract/account.js';
import { messages } from '../../../contract/messages.js';
import { useForgotPasswordMutation } from '../../api/account.js';
import { useHealthQuery } from '../../api/system.js';
import { errorMessageOf } from '../../api/api-error.js';
import { Banner } from '../../components/banner.js';
import { TextField } from '../../components/text-field.js';
import { AuthScreen } from './auth-screen.js';

const f = messages.accountForms;

/** /forgot-password: the same confirmation whatever the e-mail, so the page tells nobody who is registered. */
export function ForgotPasswordPage() {
  const forgot = useForgotPasswordMutation();
  const demoMailbox = useHealthQuery().data?.demo_mailbox;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });

  const handleForgot = handleSubmit((body) => forgot.mutate(body));

  return (
    <AuthScreen title={f.forgotTitle} lead={forgot.isSuccess ? undefined : f.forgotLead}>
      {forgot.isSuccess ? (
        <>
          <Banner tone="success">{forgot.data.message}</Banner>
          {demoMailbox && (
            <p className="auth-card__demo-mailbox">
              {f.forgotDemoMailbox} <a href={demoMailbox}>{f.forgotDemoMailboxLink}</a>.
            </p>
          )}
        </>
      ) : (
        <>
          {forgot.isError && <Banner tone="error">{errorMessageOf(forgot.error, f.forgotFailed)}</Banner>}
          <form className="auth-form" noValidate onSubmit={handleForgot}>
            <TextField
              label={messages.authForms.emailLabel}
              type="email"
              autoComplete="email"
              required
              error={errors.email}
              {...register('email')}
            />
            <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
              {forgot.isPending ? f.forgotPending : f.forgotSubmit}
            </button>
          </form>
        </>
      )}
      <div className="auth-card__footer">
        <p className="auth-card__switch">
          <Link to="/login">{f.backToLogin}</Link>
        </p>
      </div>
    </AuthScreen>
  );
}
