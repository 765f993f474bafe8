import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPasswordFormSchema } from '../../../contract/account.js';
import { messages } from '../../../contract/messages.js';
import { useResetPasswordMutation } from '../../api/account.js';
import { errorMessageOf } from '../../api/api-error.js';
import type { AuthLocationState } from '../../auth/location-state.js';
import { Banner } from '../../components/banner.js';
import { TextField } from '../../components/text-field.js';
import { AuthScreen } from './auth-screen.js';

const f = messages.accountForms;

/** /reset-password?token=…: the new password twice; on success the login screen says it worked. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const reset = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });

  const handleReset = handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          const state: AuthLocationState = { message };
          void navigate('/login', { state, replace: true });
        },
      },
    ),
  );

  return (
    <AuthScreen title={f.resetTitle} lead={token ? f.resetLead : undefined}>
      {!token && <Banner tone="error">{messages.account.resetLinkInvalid}</Banner>}
      {reset.isError && <Banner tone="error">{errorMessageOf(reset.error, f.resetFailed)}</Banner>}
      {token && (
        <form className="auth-form" noValidate onSubmit={handleReset}>
          <TextField
            label={f.newPasswordLabel}
            type="password"
            autoComplete="new-password"
            required
            error={errors.password}
            {...register('password')}
          />
          <TextField
            label={f.confirmNewPasswordLabel}
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
            {...register('confirmPassword')}
          />
          <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
            {reset.isPending ? f.saving : f.resetSubmit}
          </button>
        </form>
      )}
      <div className="auth-card__footer">
        <p className="auth-card__switch">
          <Link to="/forgot-password">{f.requestNewLink}</Link>
        </p>
        <p className="auth-card__switch">
          <Link to="/login">{f.backToLogin}</Link>
        </p>
      </div>
    </AuthScreen>
  );
}
