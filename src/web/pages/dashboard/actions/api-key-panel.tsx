import { useState } from 'react';
import type { Action } from '../../../../contract/actions.js';
import { messages } from '../../../../contract/messages.js';
import { useRegenerateApiKeyMutation } from '../../../api/actions.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { HelpTip } from '../../../components/help-tip.js';
import { maskSecret } from '../../../lib/format.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';

const s = messages.actionScreens;

/**
 * 'Подключение бота': the key a bot platform sends with this action's receipts. Shown
 * masked (SPEC §9), copied whole; a new key replaces the old one after confirmation.
 * Only sellers with their own bot platform need it, so it stays folded under
 * «Для разработчиков» until opened.
 */
export function ApiKeyPanel({ action }: { action: Pick<Action, 'id' | 'api_key'> }) {
  const regenerate = useRegenerateApiKeyMutation(action.id);
  const [shown, setShown] = useState(false);
  const [copyResult, setCopyResult] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(action.api_key);
      setCopyResult(s.keyCopied);
    } catch {
      setCopyResult(s.copyFailed);
    }
  };

  const handleRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: ({ message }) => setNotice(successNotice(message)),
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
          <code className="api-key__value">{shown ? action.api_key : maskSecret(action.api_key)}</code>
        </div>
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={() => setShown((value) => !value)}>
            {shown ? s.hideKey : s.showKey}
          </button>
          <button type="button" className="button button--secondary" onClick={handleCopy}>
            {s.copyKey}
          </button>
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
