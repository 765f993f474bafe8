import { useState } from 'react';
import type { Action } from '../../../../contract/actions.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useRegenerateApiKeyMutation } from '../../../api/actions.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { HelpTip } from '../../../components/help-tip.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';

const s = messages.actionScreens;

/**
 * 'Подключение бота': the key a bot platform sends with this action's receipts. The server keeps
 * only its hash, so the panel names the key in use by its last 4 characters; a new key replaces
 * the old one after confirmation and is shown whole this once, to copy (docs/decisions.md).
 * Only sellers with their own bot platform need it, so it stays folded under
 * «Для разработчиков» until opened.
 */
export function ApiKeyPanel({ action }: { action: Pick<Action, 'id' | 'api_key_last4'> }) {
  const regenerate = useRegenerateApiKeyMutation(action.id);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [copyResult, setCopyResult] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleCopy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopyResult(s.keyCopied);
    } catch {
      setCopyResult(s.copyFailed);
    }
  };

  const handleRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: ({ message, api_key }) => {
        setNewKey(api_key);
        setNotice(successNotice(message));
      },
      onError: (error) => setNotice(errorNotice(error, s.regenerateFailed)),
      onSettled: () => {
        setConfirming(false);
        setCopyResult('');
      },
    });

  return (
    <details className="panel fold">
      <summary className="fold__summary">{messages.help.forDevelopers}</summary>
      <section className="fold__body" aria-labelledby="bot-connection-title">
        <h2 className="panel__title" id="bot-connection-title">
          {s.botPanelTitle}
        </h2>
        <p>{s.apiHelp}</p>
        <div className="api-key help-row">
          <span className="api-key__label">{s.apiKeyLabel}</span>
          <HelpTip topic={s.apiKeyLabel}>{messages.help.apiKey}</HelpTip>
          <span>{fillMessage(s.keyEndsWith, { last4: newKey?.slice(-4) ?? action.api_key_last4 })}</span>
        </div>
        {newKey && (
          <>
            <p>{s.newKeyShownOnce}</p>
            <code className="api-key__value">{newKey}</code>
          </>
        )}
        <div className="button-row">
          {newKey && (
            <button type="button" className="button button--secondary" onClick={() => void handleCopy(newKey)}>
              {s.copyKey}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            {s.regenerateKey}
          </button>
        </div>
        <p className="api-key__feedback" role="status">
          {copyResult}
        </p>
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        {confirming && (
          <ConfirmDialog
            title={s.regenerateTitle}
            confirmLabel={s.regenerateKey}
            pending={regenerate.isPending}
            onConfirm={handleRegenerate}
            onClose={() => setConfirming(false)}
          >
            <p>{s.regenerateText}</p>
          </ConfirmDialog>
        )}
      </section>
    </details>
  );
}
