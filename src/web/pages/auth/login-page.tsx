import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { loginRequestSchema } from '../../../contract/auth.js';
import { messages } from '../../../contract/messages.js';
import { errorMessageOf } from '../../api/api-error.js';
import { useLoginMutation } from '../../api/auth.js';
import { readAuthLocationState } from '../../auth/location-state.js';
import { useSessionState } from '../../auth/session.js';
import { Banner } from '../../components/banner.js';
import { OperatorContactLink } from '../../components/operator-contact-link.js';
import { TextField } from '../../components/text-field.js';
import { AuthScreen } from './auth-screen.js';

const f = messages.authForms;

/** /login (SPEC §2, §5). On success the route guard takes the seller where they were headed. */
export function LoginPage() {
  const location = useLocation();
  const { from, message: registeredMessage, email } = readAuthLocationState(location.state);
  const login = useLoginMutation();
  // A stored session the server refused (expired or revoked) ends here: say so, not silently.
  const sessionExpired = useSessionState().endedBy === 'expired';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: email ?? '', password: '' },
  });

  const handleLogin = handleSubmit((credentials) => login.mutate(credentials));
  const cameFromRegistration = email !== undefined || registeredMessage !== undefined;

  return (
    <AuthScreen title={f.loginTitle}>
      {sessionExpired && !cameFromRegistration && !login.isError && <Banner tone="info">{messages.common.sessionExpired}</Banner>}
      {cameFromRegistration && !login.isError && <Banner tone="success">{registeredMessage || messages.auth.registerSuccess}</Banner>}
      {login.isError && <Banner tone="error">{errorMessageOf(login.error, messages.auth.loginFailed)}</Banner>}
      <form className="auth-form" noValidate onSubmit={handleLogin}>
        <TextField label={f.emailLabel} type="email" autoComplete="username" required error={errors.email} {...register('email')} />
        <TextField
          label={f.passwordLabel}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          {...register('password')}
        />
        <p className="auth-form__forgot">
          <Link to="/forgot-password">{messages.accountForms.forgotLink}</Link>
        </p>
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? f.loginPending : f.loginSubmit}
        </button>
      </form>
      <div className="auth-card__footer">
        <p className="auth-card__switch">
          {f.noAccount}{' '}
          <Link to="/register" state={from ? { from } : undefined}>
            {f.registerSubmit}
          </Link>
        </p>
        <OperatorContactLink className="auth-card__contact">{f.demoContact}</OperatorContactLink>
      </div>
    </AuthScreen>
  );
}
