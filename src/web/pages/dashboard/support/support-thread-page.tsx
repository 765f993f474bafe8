import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { fillMessage, messages } from '../../../../contract/messages.js';
import { supportReplyRequestSchema, type SupportMessage, type SupportThread } from '../../../../contract/support.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useModerationPicture } from '../../../api/moderation.js';
import { useSupportThreadMutation, useSupportThreadQuery } from '../../../api/support.js';
import { Banner } from '../../../components/banner.js';
import { successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { TextAreaField } from '../../../components/text-field.js';
import { formatDate, formatDateTime, formatNumber, formatRubles } from '../../../lib/format.js';
import { parseActionId } from '../../../lib/action-id.js';
import { buyerCardPath } from '../buyers/buyer-card-path.js';
import { shopperName, ThreadStatus } from './thread-status.js';
import '../../../components/panel.css';
import './support.css';

const m = messages.support;

/** /dashboard/support/:threadId: the conversation, the shopper's figures beside it, the reply box and «Закрыть диалог». */
export function SupportThreadPage() {
  const threadId = parseActionId(useParams().threadId) ?? 0;
  const thread = useSupportThreadQuery(threadId);
  return (
    <section className="dashboard-page support">
      <Link to="/dashboard/support" className="support__back">
        {m.back}
      </Link>
      <QueryView query={thread} loading={m.threadLoading} failed={m.threadLoadFailed}>
        {(loaded) => <Conversation loaded={loaded} />}
      </QueryView>
    </section>
  );
}

function Conversation({ loaded }: { loaded: SupportThread }) {
  const { thread } = loaded;
  const shopper = shopperName(thread.buyer);
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <>
      <div className="support-thread__head">
        <h1 className="dashboard-page__title">{fillMessage(m.threadTitle, { shopper })}</h1>
        <ThreadStatus thread={thread} />
      </div>
      <p className="support__intro">{thread.project_name}</p>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <div className="support-thread">
        <div className="support-thread__main">
          <ol className="support-thread__messages">
            {loaded.messages.map((message) => (
              <li key={message.id}>
                <MessageBubble message={message} />
              </li>
            ))}
          </ol>
          {thread.status === 'open' ? <ReplyBox threadId={thread.id} onDone={setNotice} /> : <Banner tone="info">{m.closedNote}</Banner>}
        </div>
        <BuyerAside loaded={loaded} />
      </div>
    </>
  );
}

function MessageBubble({ message }: { message: SupportMessage }) {
  const mine = message.author === 'seller';
  return (
    <article className={mine ? 'support-message support-message--seller' : 'support-message'}>
      <p className="support-message__author">
        {mine ? m.fromSeller : m.fromShopper} · {formatDateTime(message.created_at)}
      </p>
      {message.image_url && <Picture imageUrl={message.image_url} />}
      {message.text && <p className="support-message__text">{message.text}</p>}
      {message.delivery_label && (
        <p className={`support-message__delivery support-message__delivery--${message.delivery}`}>{message.delivery_label}</p>
      )}
    </article>
  );
}

/** A shopper's photo: fetched with the session (moderation's way), so only the action's seller sees it. */
function Picture({ imageUrl }: { imageUrl: string }) {
  const source = useModerationPicture(imageUrl);
  if (source === undefined) return <p className="support-message__note">{m.pictureLoading}</p>;
  if (source === null) return <p className="support-message__note">{m.pictureFailed}</p>;
  return <img className="support-message__picture" src={source} alt={m.pictureAlt} />;
}

function BuyerAside({ loaded }: { loaded: SupportThread }) {
  const { thread, buyer } = loaded;
  const headingId = useId();
  return (
    <aside className="panel support-buyer" aria-labelledby={headingId}>
      <h2 className="support-buyer__title" id={headingId}>
        {m.buyerTitle}: {shopperName(thread.buyer)}
      </h2>
      <p>{fillMessage(m.buyerPoints, { points: formatNumber(buyer.points) })}</p>
      <p>{buyer.level ? fillMessage(m.buyerLevel, { level: buyer.level.name }) : m.buyerNoLevel}</p>
      <h3 className="support-buyer__subtitle">{m.lastReceipts}</h3>
      {buyer.receipts.length === 0 ? (
        <p>{m.noReceipts}</p>
      ) : (
        <ul className="support-buyer__receipts">
          {buyer.receipts.map((receipt) => (
            <li key={receipt.id}>
              {fillMessage(m.receiptLine, {
                date: formatDate(receipt.scanned_at),
                status: receipt.status_label,
                total: receipt.total === null ? '—' : formatRubles(receipt.total),
              })}
            </li>
          ))}
        </ul>
      )}
      <Link to={buyerCardPath(thread.buyer.tg_id, thread.project_id)}>{m.buyerCardLink}</Link>
    </aside>
  );
}

/** The reply is checked by the shared schema before sending; «Закрыть диалог» beside it. */
function ReplyBox({ threadId, onDone }: { threadId: number; onDone: (notice: Notice) => void }) {
  const change = useSupportThreadMutation(threadId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<'reply' | 'close' | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = supportReplyRequestSchema.safeParse({ text });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? m.replyRequired);
    setProblem(null);
    setPending('reply');
    change.mutate(
      { reply: parsed.data.text },
      {
        onSuccess: (answer) => {
          setText('');
          onDone(successNotice(answer.message));
        },
        onError: (failure) => setProblem(errorMessageOf(failure, m.replyFailed)),
        onSettled: () => setPending(null),
      },
    );
  };

  const handleClose = () => {
    if (change.isPending) return;
    setProblem(null);
    setPending('close');
    change.mutate(
      { close: true },
      {
        onSuccess: (answer) => onDone(successNotice(answer.message)),
        onError: (failure) => setProblem(errorMessageOf(failure, m.closeFailed)),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <form className="panel support-reply" onSubmit={handleSubmit} noValidate>
      <TextAreaField label={m.replyLabel} error={problem} value={text} rows={4} onChange={(event) => setText(event.target.value)} />
      <div className="support-reply__actions">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {pending === 'reply' ? m.sending : m.send}
        </button>
        <button type="button" className="button button--secondary" disabled={change.isPending} onClick={handleClose}>
          {pending === 'close' ? m.closing : m.close}
        </button>
      </div>
    </form>
  );
}
