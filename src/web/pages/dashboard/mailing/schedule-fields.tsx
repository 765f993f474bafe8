import type { MailingButton, MailingRepeat } from '../../../../contract/mailing-schedule.js';
import { parseMarketplaceProduct } from '../../../../contract/marketplace-link.js';
import { messages } from '../../../../contract/messages.js';
import { FilterSelect } from '../../../components/filter-select.js';
import { TextField } from '../../../components/text-field.js';

const t = messages.mailingScheduleScreen;

export type MailingWhen = 'now' | 'at' | MailingRepeat;
export type ButtonKind = 'none' | 'link' | 'shop' | 'marketplace';

export interface ScheduleDraft {
  when: MailingWhen;
  /** 'YYYY-MM-DDTHH:mm' of the time field, read as Moscow time by the server. */
  sendAt: string;
  buttonKind: ButtonKind;
  buttonText: string;
  buttonUrl: string;
  /** «Анонс товара»: the Wildberries or Ozon card its button leads to. */
  marketplaceUrl: string;
  /** The announced product the shop button opens. */
  productId: number | null;
}

export const EMPTY_SCHEDULE: ScheduleDraft = {
  when: 'now',
  sendAt: '',
  buttonKind: 'none',
  buttonText: '',
  buttonUrl: '',
  marketplaceUrl: '',
  productId: null,
};

/** What the draft adds to the send request: a time and a repeat, and the button (or the announced card). */
export function scheduleRequestOf(draft: ScheduleDraft): {
  sendAt: string | null;
  repeat: MailingRepeat | null;
  button: MailingButton | null;
  marketplaceUrl: string | null;
} {
  const sendAt = draft.when === 'now' ? null : draft.sendAt;
  const repeat = draft.when === 'weekly' || draft.when === 'monthly' ? draft.when : null;
  const text = draft.buttonText.trim();
  const button: MailingButton | null =
    draft.buttonKind === 'link'
      ? { text, url: draft.buttonUrl.trim() }
      : draft.buttonKind === 'shop'
        ? { text, shop: true, ...(draft.productId ? { product_id: draft.productId } : {}) }
        : null;
  return { sendAt, repeat, button, marketplaceUrl: draft.buttonKind === 'marketplace' ? draft.marketplaceUrl.trim() : null };
}

export type ScheduleField = 'sendAt' | 'buttonText' | 'marketplaceUrl';

/** The form's own checks before the server's: a time when one is asked for, a button's text, an announcement's card and picture. */
export function scheduleDraftError(draft: ScheduleDraft, hasImage: boolean): { field: ScheduleField; message: string } | null {
  const ms = messages.mailingSchedule;
  if (draft.when !== 'now' && !draft.sendAt) return { field: 'sendAt', message: t.sendAtRequired };
  if (draft.buttonKind === 'marketplace') {
    if (!parseMarketplaceProduct(draft.marketplaceUrl)) return { field: 'marketplaceUrl', message: ms.marketplaceUrlInvalid };
    return hasImage ? null : { field: 'marketplaceUrl', message: ms.announcementNeedsImage };
  }
  if (draft.buttonKind !== 'none' && !draft.buttonText.trim()) return { field: 'buttonText', message: ms.buttonTextRequired };
  return null;
}

/** «Когда» (now, a Moscow time, every week, every month) and «Кнопка» (none, a link, the action's shop, a marketplace card). */
export function ScheduleFields({
  draft,
  onChange,
  shopAllowed,
  error,
}: {
  draft: ScheduleDraft;
  onChange: (next: ScheduleDraft) => void;
  /** The shop opens from the action's own bot only. */
  shopAllowed: boolean;
  error: { field: ScheduleField; message: string } | null;
}) {
  const set = (patch: Partial<ScheduleDraft>) => onChange({ ...draft, ...patch });
  const whenOptions = [
    { value: 'now', label: t.whenNow },
    { value: 'at', label: t.whenAt },
    { value: 'weekly', label: t.whenWeekly },
    { value: 'monthly', label: t.whenMonthly },
  ];
  const buttonOptions = [
    { value: 'none', label: t.buttonNone },
    { value: 'link', label: t.buttonLink },
    ...(shopAllowed ? [{ value: 'shop', label: t.buttonShop }] : []),
    { value: 'marketplace', label: t.buttonMarketplace },
  ];
  return (
    <div className="mailing-schedule-fields">
      <FilterSelect
        label={t.whenLabel}
        value={draft.when}
        options={whenOptions}
        onChange={(value) => set({ when: value as MailingWhen })}
      />
      {draft.when !== 'now' && (
        <TextField
          type="datetime-local"
          label={draft.when === 'at' ? t.sendAtLabel : t.sendAtFirstLabel}
          value={draft.sendAt}
          error={error?.field === 'sendAt' ? error.message : null}
          hint={draft.when === 'weekly' ? t.weeklyHint : draft.when === 'monthly' ? t.monthlyHint : undefined}
          onChange={(event) => set({ sendAt: event.target.value })}
        />
      )}
      <FilterSelect
        label={t.buttonLabel}
        value={draft.buttonKind === 'shop' && !shopAllowed ? 'none' : draft.buttonKind}
        options={buttonOptions}
        onChange={(value) => set({ buttonKind: value as ButtonKind })}
      />
      {(draft.buttonKind === 'link' || draft.buttonKind === 'shop') && (
        <TextField
          label={t.buttonTextLabel}
          value={draft.buttonText}
          maxLength={64}
          error={error?.field === 'buttonText' ? error.message : null}
          hint={draft.buttonKind === 'shop' ? t.buttonShopHint : undefined}
          onChange={(event) => set({ buttonText: event.target.value })}
        />
      )}
      {draft.buttonKind === 'link' && (
        <TextField
          type="url"
          label={t.buttonUrlLabel}
          placeholder="https://"
          value={draft.buttonUrl}
          onChange={(event) => set({ buttonUrl: event.target.value })}
        />
      )}
      {draft.buttonKind === 'marketplace' && (
        <TextField
          type="url"
          label={t.marketplaceUrlLabel}
          placeholder="https://www.wildberries.ru/catalog/…/detail.aspx"
          value={draft.marketplaceUrl}
          error={error?.field === 'marketplaceUrl' ? error.message : null}
          hint={t.marketplaceHint}
          onChange={(event) => set({ marketplaceUrl: event.target.value })}
        />
      )}
    </div>
  );
}
