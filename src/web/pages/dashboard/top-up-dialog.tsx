import { messages } from '../../../contract/messages.js';
import { Dialog } from '../../components/dialog.js';
import { ExternalLink } from '../../components/external-link.js';
import { contacts } from '../../content/contacts.js';

const t = messages.topUp;

/** 'Пополнить' until card payments arrive: says so, and points to a bank transfer through support. */
export function TopUpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      title={t.title}
      onClose={onClose}
      actions={(close) => (
        <button type="button" className="button button--secondary" onClick={close}>
          {t.close}
        </button>
      )}
    >
      <p>{t.cardComingSoon}</p>
      <p>{t.bankTransfer}</p>
      <p>
        <ExternalLink href={contacts.supportUrl}>{t.supportLink}</ExternalLink>
      </p>
    </Dialog>
  );
}
