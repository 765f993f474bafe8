import { useState } from 'react';
import { messages } from '../../contract/messages.js';
import { errorMessageOf } from '../api/api-error.js';
import { downloadFile } from '../api/download.js';
import './download-csv.css';

const e = messages.exports;

/** «Скачать CSV»: the export of what the screen shows, with its filters. */
export function DownloadCsvButton({
  path,
  query,
  fallbackName,
  label = e.download,
}: {
  path: string;
  query: Record<string, string | number | undefined>;
  fallbackName: string;
  /** The button's text when a screen offers more than one file. */
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, query, fallbackName);
    } catch (failure) {
      setError(errorMessageOf(failure, e.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="download-csv">
      <button type="button" className="button button--secondary button--small" onClick={handleClick} disabled={busy} aria-busy={busy}>
        {busy ? e.downloading : label}
      </button>
      {error && (
        <p className="download-csv__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
