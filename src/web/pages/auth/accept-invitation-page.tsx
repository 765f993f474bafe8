import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../contract/messages.js';
import { acceptInvitationRequestSchema } from '../../../contract/team.js';
import { errorMessageOf } from '../../api/api-error.js';
import { useAcceptInvitationMutation } from '../../api/team.js';
import { Banner } from '../../components/banner.js';
import { TextField } from '../../components/text-field.js';
import { AuthScreen } from './auth-screen.js';

const t = messages.teamScreen;
const acceptFormSchema = acceptInvitationRequestSchema.omit({ token: true });

/**
 * /team/accept?token=… (the invitation mail's link): a name and a password make a new account; an
 * existing account with the invited address gives its password. Then the team's cabinet opens.
 */
export function AcceptInvitationPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const accept = useAcceptInvitationMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { name: '', password: '' },
  });

  const handleAccept = handleSubmit(({ name, password }) =>
    accept.mutate({ token, password, name: name || undefined }, { onSuccess: () => void navigate('/dashboard', { replace: true }) }),
  );

  return (
    <AuthScreen title={t.acceptTitle} lead={token ? t.acceptLead : undefined}>
      {!token && <Banner tone="error">{t.acceptNoToken}</Banner>}
      {accept.isError && <Banner tone="error">{errorMessageOf(accept.error, messages.common.requestFailed)}</Banner>}
      {token && (
        <form className="auth-form" noValidate onSubmit={handleAccept}>
          <TextField
            label={t.acceptName}
            autoComplete="name"
            error={errors.name}
            {...register('name', { setValueAs: (value: string) => value || undefined })}
          />
          <TextField
            label={t.acceptPassword}
            type="password"
            autoComplete="new-password"
            required
            error={errors.password}
            {...register('password')}
          />
          <button type="submit" className="button button--primary button--block" disabled={accept.isPending}>
            {t.acceptSubmit}
          </button>
        </form>
      )}
    </AuthScreen>
  );
}
