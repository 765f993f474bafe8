import { messages } from '../../../../contract/messages.js';
import type { SupportThreadSummary } from '../../../../contract/support.js';
import { StatusBadge } from '../../../components/status-badge.js';

const m = messages.support;

/** The shopper as the seller knows them: name, else @username, else the Telegram ID. */
export function shopperName(buyer: SupportThreadSummary['buyer']): string {
  return buyer.name ?? (buyer.username ? `@${buyer.username}` : buyer.tg_id);
}

/** «Ждёт ответа», «Отвечено» or «Закрыт», in words and colour. */
export function ThreadStatus({ thread }: { thread: Pick<SupportThreadSummary, 'status' | 'unanswered'> }) {
  if (thread.status === 'closed') return <StatusBadge tone="neutral">{m.closed}</StatusBadge>;
  return thread.unanswered ? (
    <StatusBadge tone="warning">{m.unanswered}</StatusBadge>
  ) : (
    <StatusBadge tone="success">{m.answered}</StatusBadge>
  );
}
