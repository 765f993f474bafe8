import { useState } from 'react';
import { messages } from '../../../../contract/messages.js';
import type { ShopSettings } from '../../../../contract/shop.js';
import { useSaveShopSettingsMutation } from '../../../api/shop.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { Panel } from '../../../components/panel.js';
import { maskedShopUrl } from './shop-view.js';

const m = messages.shop;
const s = messages.shopScreen;

/**
 * The buyers' link (SPEC §2, §9): shown masked, copied in full, replaced after a
 * confirmation (the old link stops working at once, SPEC §4).
 */
export function ShopLinkPanel({ settings }: { settings: ShopSettings }) {
  const regenerate = useSaveShopSettingsMutation(settings.project_id);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleCopy = async () => {
    setNotice(null);
    try {
      await navigator.clipboard.writeText(settings.shop_url);
      setNotice(successNotice(m.linkCopied));
    } catch {
      setNotice({ tone: 'error', text: s.copyFailed });
    }
  };

  const handleRegenerate = () => {
    setNotice(null);
    // The saved values go back unchanged: only the link is replaced, never a half-typed setting.
    regenerate.mutate(
      {
        puzzle_bot_token: settings.puzzle_bot_token,
        command_name: settings.command_name,
        variable_name_title: settings.variable_name_title,
        variable_name_price: settings.variable_name_price,
        telegram_bot_token: settings.telegram_bot_token,
        regenerate_token: true,
      },
      {
        onSuccess: ({ message }) => setNotice(successNotice(message ?? m.linkRegenerated)),
        onError: (failure) => setNotice(errorNotice(failure, m.linkRegenerateFailed)),
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <Panel title={s.linkTitle}>
      <dl className="facts">
        <div className="facts__item">
          <dt>{s.linkLabel}</dt>
          <dd>
            <code className="shop-link">{maskedShopUrl(settings)}</code>
          </dd>
        </div>
      </dl>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => void handleCopy()}>
          {s.copyLink}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {s.regenerateLink}
        </button>
      </div>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <p className="shop-hint">{s.miniAppHint}</p>
      {confirming && (
        <ConfirmDialog
          title={s.regenerateTitle}
          confirmLabel={s.regenerateLink}
          pendingLabel={s.regenerating}
          pending={regenerate.isPending}
          onConfirm={handleRegenerate}
          onClose={() => setConfirming(false)}
        >
          <p>{s.regenerateText}</p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
