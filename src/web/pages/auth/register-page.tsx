import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { registerFormSchema } from '../../../contract/auth.js';
import { messages } from '../../../contract/messages.js';
import { errorMessageOf } from '../../api/api-error.js';
import { useRegisterMutation } from '../../api/auth.js';
import { readAuthLocationState, type AuthLocationState } from '../../auth/location-state.js';
import { Banner } from '../../components/banner.js';
import { ExternalLink } from '../../components/external-link.js';
import { TextField } from '../../components/text-field.js';
import { AuthScreen } from './auth-screen.js';

const f = messages.authForms;
const c = messages.cabinetPolish;

/** /register (SPEC §2, §5): on success, the login screen with the server's message and the email. */
export function RegisterPage() {
  const navigate = useNavigate();
  const { from } = readAuthLocationState(useLocation().state);
  const registration = useRegisterMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const handleRegister = handleSubmit(({ name, email, password }) =>
    registration.mutate(
      { name, email, password },
      {
        onSuccess: ({ message }) => {
          const state: AuthLocationState = { message, email, from };
          void navigate('/login', { state });
        },
      },
    ),
  );

  return (
    <AuthScreen title={f.registerTitle} lead={f.registerLead}>
      {registration.isError && <Banner tone="error">{errorMessageOf(registration.error, messages.auth.registerFailed)}</Banner>}
      <form className="auth-form" noValidate onSubmit={handleRegister}>
        <TextField label={f.nameLabel} autoComplete="name" required error={errors.name} {...register('name')} />
        <TextField label={f.emailLabel} type="email" autoComplete="email" required error={errors.email} {...register('email')} />
        <TextField
          label={f.passwordLabel}
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
          {...register('password')}
        />
        <TextField
          label={f.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
          {...register('confirmPassword')}
        />
        <p className="auth-form__consent">
          {c.consentBeforeOffer}
          <ExternalLink href="/oferta">{c.consentOfferLink}</ExternalLink>
          {c.consentBeforePrivacy}
          <ExternalLink href="/privacy">{c.consentPrivacyLink}</ExternalLink>
          {c.consentEnd}
        </p>
        <button type="submit" className="button button--primary button--block" disabled={registration.isPending}>
          {registration.isPending ? f.registerPending : f.registerSubmit}
        </button>
      </form>
      <div className="auth-card__footer">
        <p className="auth-card__switch">
          {f.haveAccount}{' '}
          <Link to="/login" state={from ? { from } : undefined}>
            {f.goToLogin}
          </Link>
        </p>
      </div>
    </AuthScreen>
  );
}
