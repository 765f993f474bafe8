import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../contract/messages.js';
import { useActionsQuery } from '../../../api/actions.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useBillingSettingsQuery } from '../../../api/billing.js';
import { Banner } from '../../../components/banner.js';
import { ActionCard } from './action-card.js';
import { ActionCommandDialog, type ActionCommand } from './action-command-dialog.js';
import type { Notice } from '../../../components/notice.js';
import { LoadingState, EmptyState } from '../../../components/list-state.js';

const s = messages.actionScreens;

/** An activated seller's actions: 'Создать новую акцию' and a card per action, or 'Пока нет акций'. */
export function ActionList({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const actions = useActionsQuery();
  const renewPrice = useBillingSettingsQuery().data?.project_subscription_price;
  const [command, setCommand] = useState<ActionCommand | null>(null);

  const handleDone = (notice: Notice) => {
    setCommand(null);
    onNotice(notice);
  };

  return (
    <>
      <p>
        <Link to="/dashboard/action/create" className="button button--primary">
          {s.createAction}
        </Link>
      </p>
      {actions.isPending && <LoadingState>{messages.common.loading}</LoadingState>}
      {actions.isError && <Banner tone="error">{errorMessageOf(actions.error, messages.common.dashboardLoadFailed)}</Banner>}
      {actions.data?.length === 0 && <EmptyState>{messages.actions.empty}</EmptyState>}
      {actions.data && actions.data.length > 0 && (
        <ul className="action-grid" aria-label={s.listLabel}>
          {actions.data.map((action) => (
            <li key={action.id}>
              <ActionCard
                action={action}
                renewPrice={renewPrice}
                onDelete={() => setCommand({ kind: 'delete', action })}
                onRenew={(price) => setCommand({ kind: 'renew', action, price })}
              />
            </li>
          ))}
        </ul>
      )}
      {command && <ActionCommandDialog command={command} onDone={handleDone} onClose={() => setCommand(null)} />}
    </>
  );
}
