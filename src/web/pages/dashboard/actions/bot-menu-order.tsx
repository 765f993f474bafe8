import { useId, useState, type FormEvent } from 'react';
import type { BotMenu } from '../../../../contract/bot-menu.js';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { useBotMenuQuery, useSaveBotMenuOrderMutation } from '../../../api/bot-features.js';
import { Banner } from '../../../components/banner.js';

import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { moved } from '../service/reorder.js';

const m = messages.botFeatures;

/** «Порядок кнопок в меню бота»: the functions' buttons moved up and down, saved as one order. */
export function BotMenuOrder({ actionId }: { actionId: number }) {
  const titleId = useId();
  const query = useBotMenuQuery(actionId);
  // One button or none has no order to set: the section shows once two functions are on.
  if (query.data && query.data.entries.length < 2) return null;
  return (
    <section aria-labelledby={titleId}>
      <h3 className="bot-features__subtitle" id={titleId}>
        {m.menuOrderTitle}
      </h3>
      <p>{m.menuOrderHint}</p>
      <QueryView query={query} loading={m.menuOrderLoading} failed={m.menuOrderLoadFailed}>
        {/* A function switched on or off starts the form afresh; a saved order (the same buttons) keeps it and its notice. */}
        {(menu) => (
          <MenuOrderForm
            key={menu.entries
              .map((entry) => entry.key)
              .sort()
              .join('\n')}
            actionId={actionId}
            menu={menu}
          />
        )}
      </QueryView>
    </section>
  );
}

function MenuOrderForm({ actionId, menu }: { actionId: number; menu: BotMenu }) {
  const save = useSaveBotMenuOrderMutation(actionId);
  const [entries, setEntries] = useState(menu.entries);
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      entries.map((entry) => entry.key),
      {
        onSuccess: (saved) => setNotice(successNotice(saved.message)),
        onError: (error) => setNotice(errorNotice(error, m.menuOrderSaveFailed)),
      },
    );
  };

  return (
    <form className="bot-menu-order" onSubmit={handleSubmit} noValidate>
      <ol className="bot-menu-order__list">
        {entries.map((entry, index) => (
          <li key={entry.key} className="bot-menu-order__entry">
            <span className="bot-menu-order__text">{entry.text}</span>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={fillMessage(m.menuOrderUp, { text: entry.text })}
              disabled={index === 0}
              onClick={() => setEntries((current) => moved(current, index, -1))}
            >
              ↑
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={fillMessage(m.menuOrderDown, { text: entry.text })}
              disabled={index === entries.length - 1}
              onClick={() => setEntries((current) => moved(current, index, 1))}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <p>
        <button type="submit" className="button button--secondary" disabled={save.isPending}>
          {save.isPending ? m.menuOrderSaving : m.menuOrderSave}
        </button>
      </p>
    </form>
  );
}
