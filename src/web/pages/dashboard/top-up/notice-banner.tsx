import { messages } from '../../../../contract/messages.js';
import { Banner } from '../../../components/banner.js';
import type { Notice } from '../../../components/notice.js';
import { topUpFor } from './amount.js';
import { useOpenTopUp } from './top-up-context.js';

/**
 * A command's outcome. A charge refused for lack of balance is not a dead end: «Пополнить»
 * beside the server's message opens the top-up dialog with the missing amount, rounded
 * up to the 100 ₽ step.
 */
export function NoticeBanner({ notice }: { notice: Notice }) {
  const openTopUp = useOpenTopUp();
  const { shortfall } = notice;
  const action =
    shortfall !== undefined && openTopUp ? (
      <button type="button" className="button button--primary button--small" onClick={() => openTopUp(topUpFor(shortfall))}>
        {messages.cabinetPolish.topUpShortfall}
      </button>
    ) : undefined;
  return (
    <Banner tone={notice.tone} action={action}>
      {notice.text}
    </Banner>
  );
}
