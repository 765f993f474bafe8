import { fillMessage, messages } from '../../../../contract/messages.js';
import { webhookEventLabel, type WebhookDelivery, type WebhookEndpoint } from '../../../../contract/webhooks.js';
import { useQueueDeliveryMutation, useWebhookDeliveriesQuery } from '../../../api/webhooks.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { QueryView } from '../../../components/query-view.js';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.js';
import { formatDateTime } from '../../../lib/format.js';

const m = messages.webhooks;

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: StatusTone }> = {
  pending: { label: m.deliveryPending, tone: 'info' },
  sent: { label: m.deliverySent, tone: 'success' },
  failed: { label: m.deliveryFailed, tone: 'danger' },
};

/** An endpoint's newest deliveries: event, status, the receiver's code, time and tries, each with «Отправить снова». */
export function WebhookDeliveries({ endpoint, onNotice }: { endpoint: WebhookEndpoint; onNotice: (notice: Notice) => void }) {
  const query = useWebhookDeliveriesQuery(endpoint.id);
  const resend = useQueueDeliveryMutation(endpoint.id);

  const handleResend = (deliveryId: number) =>
    resend.mutate(deliveryId, {
      onSuccess: () => {
        onNotice(successNotice(m.resendQueued));
        void query.refetch();
      },
      onError: (error) => onNotice(errorNotice(error, m.actionFailed)),
    });

  return (
    <div className="integrations-deliveries">
      <h4 className="integrations-deliveries__title">{m.deliveriesTitle}</h4>
      <QueryView
        query={query}
        loading={m.loading}
        failed={m.loadFailed}
        empty={{ text: m.deliveriesEmpty, when: (data) => data.deliveries.length === 0 }}
      >
        {(data) => (
          <ScrollTable caption={fillMessage(m.deliveriesCaption, { url: endpoint.url })} cards>
            <thead>
              <tr>
                <th scope="col">{m.columnEvent}</th>
                <th scope="col">{m.columnStatus}</th>
                <th scope="col">{m.columnCode}</th>
                <th scope="col">{m.columnTime}</th>
                <th scope="col">{m.columnAttempts}</th>
                <th scope="col">
                  <span className="visually-hidden">{m.resendButton}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <DataCell label={m.columnEvent}>{webhookEventLabel(delivery.type)}</DataCell>
                  <DataCell label={m.columnStatus}>
                    <StatusBadge tone={STATUS[delivery.status].tone} title={delivery.last_error ?? undefined}>
                      {STATUS[delivery.status].label}
                    </StatusBadge>
                  </DataCell>
                  <DataCell label={m.columnCode}>{delivery.response_status ?? m.noCode}</DataCell>
                  <DataCell label={m.columnTime}>{formatDateTime(delivery.last_attempt_at ?? delivery.created_at)}</DataCell>
                  <DataCell label={m.columnAttempts}>{delivery.attempts}</DataCell>
                  <DataCell label={m.resendButton}>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={!endpoint.enabled || resend.isPending}
                      onClick={() => handleResend(delivery.id)}
                    >
                      {m.resendButton}
                    </button>
                  </DataCell>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </QueryView>
    </div>
  );
}
