import { useState } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  SELLER_NOTICE_CHANNELS,
  SELLER_NOTICE_EVENTS,
  type NoticeSettings,
  type SellerNoticeChannel,
} from '../../../../contract/seller-notices.js';
import { errorMessageOf } from '../../../api/api-error.js';
import { useNoticeSettingsQuery, useNoticeSwitchMutation, useTelegramLinkMutation } from '../../../api/seller-notices.js';
import { Banner } from '../../../components/banner.js';
import { Panel } from '../../../components/panel.js';

const m = messages.sellerNotices;
const channelName: Record<SellerNoticeChannel, string> = { email: m.emailColumn, telegram: m.telegramColumn };

/** The profile's «Уведомления»: a switch per event and channel (each saved at once), and the Telegram link. */
export function NoticesPanel() {
  const link = useTelegramLinkMutation();
  const settings = useNoticeSettingsQuery({ awaitingLink: link.isSuccess });
  return (
    <Panel title={m.sectionTitle}>
      <p className="profile-page__current">{m.sectionHint}</p>
      {settings.isError && <Banner tone="error">{errorMessageOf(settings.error, m.loadFailed)}</Banner>}
      {settings.data && (
        <>
          <TelegramBlock settings={settings.data} link={link} />
          <SwitchTable settings={settings.data} />
        </>
      )}
    </Panel>
  );
}

function TelegramBlock({ settings, link }: { settings: NoticeSettings; link: ReturnType<typeof useTelegramLinkMutation> }) {
  const { linked, username } = settings.telegram_link;
  return (
    <section className="notices-telegram" aria-labelledby="notices-telegram-title">
      <h3 id="notices-telegram-title" className="notices-telegram__title">
        {m.telegramTitle}
      </h3>
      {!settings.telegram_available ? (
        <p className="profile-page__current">{m.telegramUnavailable}</p>
      ) : linked ? (
        <p className="notices-telegram__state">{username ? fillMessage(m.telegramLinked, { username }) : m.telegramLinkedNoUsername}</p>
      ) : (
        <>
          <p className="profile-page__current">{m.telegramNotLinked}</p>
          {link.isError && <Banner tone="error">{errorMessageOf(link.error, m.linkFailed)}</Banner>}
          {link.isSuccess ? (
            <p className="notices-telegram__link">
              <a className="button button--primary" href={link.data.url} target="_blank" rel="noopener noreferrer">
                {m.telegramOpenLink}
              </a>
              <span className="profile-page__current">{m.telegramLinkHint}</span>
            </p>
          ) : (
            <button type="button" className="button button--primary" disabled={link.isPending} onClick={() => link.mutate()}>
              {m.telegramConnect}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function SwitchTable({ settings }: { settings: NoticeSettings }) {
  const save = useNoticeSwitchMutation();
  // Which switch is being saved: only it waits, the others stay usable.
  const [saving, setSaving] = useState<string | null>(null);
  return (
    <>
      {save.isError && <Banner tone="error">{errorMessageOf(save.error, m.saveFailed)}</Banner>}
      <table className="notices-table">
        <thead>
          <tr>
            <th scope="col">{m.eventColumn}</th>
            {SELLER_NOTICE_CHANNELS.map((channel) => (
              <th scope="col" key={channel}>
                {channelName[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SELLER_NOTICE_EVENTS.map((event) => {
            const eventName = m[`event_${event}`];
            return (
              <tr key={event}>
                <th scope="row">{eventName}</th>
                {SELLER_NOTICE_CHANNELS.map((channel) => {
                  const key = `${channel}:${event}`;
                  return (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        role="switch"
                        className="notices-table__switch"
                        aria-label={fillMessage(m.switchLabel, { event: eventName, channel: channelName[channel] })}
                        checked={settings[channel][event]}
                        disabled={saving === key}
                        onChange={(change) => {
                          setSaving(key);
                          save.mutate({ channel, event, on: change.target.checked }, { onSettled: () => setSaving(null) });
                        }}
                      />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
