import { useState, type FormEvent, type Ref } from 'react';
import { messages } from '../../../../contract/messages.js';
import type { MailingSettings } from '../../../../contract/mailing.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useSaveMailingSettingsMutation } from '../../../api/mailing.js';
import { Banner } from '../../../components/banner.js';
import { ExternalLink } from '../../../components/external-link.js';
import { Panel } from '../../../components/panel.js';
import { TextField } from '../../../components/text-field.js';

const m = messages.mailing;
const s = messages.mailingScreen;

/**
 * The bot mailings go out from (SPEC §2). Saved: its masked token (SPEC §9) and @username,
 * with «Изменить». Not saved, or being changed: a token field; what is typed there is also
 * what an unsaved mailing goes out with (`draft`, owned by the page).
 */
export function BotTokenPanel({
  settings,
  draft,
  onDraftChange,
  error,
  inputRef,
}: {
  settings: MailingSettings;
  draft: string;
  onDraftChange: (token: string) => void;
  /** A message about the token from the send form ('Введите токен бота.'). */
  error: string | null;
  inputRef: Ref<HTMLInputElement>;
}) {
  const save = useSaveMailingSettingsMutation();
  const [editing, setEditing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const showForm = editing || settings.bot_token === null;
  const fieldError = saveError ?? error;

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    if (!draft.trim()) {
      setSaveError(m.tokenRequiredToSave);
      return;
    }
    setSaveError(null);
    save.mutate(draft.trim(), {
      onSuccess: ({ message }) => {
        setSaved(message);
        setEditing(false);
        onDraftChange('');
      },
      onError: (failure) => setSaveError(errorMessageOf(failure, m.tokenSaveFailed)),
    });
  };

  const handleCancelChange = () => {
    setEditing(false);
    setSaveError(null);
    onDraftChange('');
  };

  return (
    <Panel title={s.botTitle}>
      {saved && <Banner tone="success">{saved}</Banner>}
      {!showForm && settings.bot_token !== null && (
        <>
          <dl className="facts">
            <div className="facts__item">
              <dt>{s.savedToken}</dt>
              <dd>
                <code>{settings.bot_token}</code>
              </dd>
            </div>
            <div className="facts__item">
              <dt>{s.botName}</dt>
              <dd>
                {settings.bot_username ? (
                  <ExternalLink href={`https://t.me/${settings.bot_username}`}>@{settings.bot_username}</ExternalLink>
                ) : (
                  s.botNameUnknown
                )}
              </dd>
            </div>
          </dl>
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setSaved(null);
                setEditing(true);
              }}
            >
              {s.changeToken}
            </button>
          </div>
        </>
      )}
      {showForm && (
        <form className="mailing-token-form" noValidate onSubmit={handleSave}>
          <p className="mailing-hint">{s.botHelp}</p>
          <TextField
            ref={inputRef}
            label={s.tokenLabel}
            autoComplete="off"
            spellCheck={false}
            placeholder={s.tokenPlaceholder}
            value={draft}
            error={fieldError}
            onChange={(event) => {
              onDraftChange(event.target.value);
              setSaveError(null);
            }}
          />
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {save.isPending ? s.savingToken : s.saveToken}
            </button>
            {settings.bot_token !== null && (
              <button type="button" className="button button--secondary" onClick={handleCancelChange}>
                {s.cancelChange}
              </button>
            )}
          </div>
        </form>
      )}
    </Panel>
  );
}
