import { useState } from 'react';
import { messages } from '../../../../contract/messages.js';

const m = messages.webhooks;

/** A new endpoint secret, shown this once with a copy button; the server never shows it again. */
export function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copyResult, setCopyResult] = useState('');

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopyResult(m.copied);
    } catch {
      setCopyResult(m.copyFailed);
    }
  };

  return (
    <section className="integrations-secret" aria-labelledby="integrations-secret-title">
      <h3 className="integrations-secret__title" id="integrations-secret-title">
        {m.secretTitle}
      </h3>
      <p>{m.secretHint}</p>
      <code className="integrations-secret__value">{secret}</code>
      <div className="integrations-endpoint__actions">
        <button type="button" className="button button--primary" onClick={() => void handleCopy()}>
          {m.copyButton}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {m.secretSaved}
        </button>
      </div>
      <p role="status">{copyResult}</p>
    </section>
  );
}
