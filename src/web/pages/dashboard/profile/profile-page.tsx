import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changeEmailRequestSchema, changePasswordFormSchema, updateProfileRequestSchema } from '../../../../contract/account.js';
import type { User } from '../../../../contract/auth.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useChangeEmailMutation, useChangePasswordMutation, useUpdateProfileMutation } from '../../../api/account.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useSessionState } from '../../../auth/session.js';
import { Banner } from '../../../components/banner.js';
import { Panel } from '../../../components/panel.js';
import { TextField } from '../../../components/text-field.js';
import { usePageTitle } from '../page-title.js';
import { NoticesPanel } from './notices-panel.js';
import '../../../components/panel.css';
import './profile.css';

const f = messages.accountForms;

/** /dashboard/profile: the seller's name, sign-in e-mail (changed after the new mailbox confirms it), password and notices. */
export function ProfilePage() {
  const title = usePageTitle();
  const user = useSessionState().session?.user;
  if (!user) return null;
  return (
    <section className="dashboard-page profile-page">
      <h1 className="dashboard-page__title">{title}</h1>
      <NamePanel user={user} />
      <EmailPanel user={user} />
      <PasswordPanel />
      <NoticesPanel />
    </section>
  );
}

function NamePanel({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(updateProfileRequestSchema), defaultValues: { name: user.name } });
  return (
    <Panel title={f.nameSection}>
      {update.isSuccess && <Banner tone="success">{update.data.message}</Banner>}
      {update.isError && <Banner tone="error">{errorMessageOf(update.error, f.saveFailed)}</Banner>}
      <form className="profile-form" noValidate onSubmit={handleSubmit((body) => update.mutate(body))}>
        <TextField label={messages.authForms.nameLabel} autoComplete="name" required error={errors.name} {...register('name')} />
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? f.saving : f.saveName}
        </button>
      </form>
    </Panel>
  );
}

function EmailPanel({ user }: { user: User }) {
  const change = useChangeEmailMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changeEmailRequestSchema), defaultValues: { email: '' } });
  const handleChange = handleSubmit((body) => change.mutate(body, { onSuccess: () => reset() }));
  return (
    <Panel title={f.emailSection}>
      <p className="profile-page__current">{fillMessage(f.currentEmail, { email: user.email })}</p>
      {change.isSuccess && <Banner tone="success">{change.data.message}</Banner>}
      {change.isError && <Banner tone="error">{errorMessageOf(change.error, f.saveFailed)}</Banner>}
      <form className="profile-form" noValidate onSubmit={handleChange}>
        <TextField
          label={f.newEmailLabel}
          type="email"
          autoComplete="email"
          required
          hint={f.emailHint}
          error={errors.email}
          {...register('email')}
        />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? f.saving : f.emailSubmit}
        </button>
      </form>
    </Panel>
  );
}

function PasswordPanel() {
  const change = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current_password: '', password: '', confirmPassword: '' },
  });
  const handleChange = handleSubmit(({ current_password, password }) =>
    change.mutate({ current_password, password }, { onSuccess: () => reset() }),
  );
  return (
    <Panel title={f.passwordSection}>
      {change.isSuccess && <Banner tone="success">{change.data.message}</Banner>}
      {change.isError && <Banner tone="error">{errorMessageOf(change.error, f.saveFailed)}</Banner>}
      <form className="profile-form" noValidate onSubmit={handleChange}>
        <TextField
          label={f.currentPasswordLabel}
          type="password"
          autoComplete="current-password"
          required
          error={errors.current_password}
          {...register('current_password')}
        />
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
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? f.saving : f.passwordSubmit}
        </button>
      </form>
    </Panel>
  );
}
