import { useState, type FormEvent } from 'react';
import { fillMessage, messages } from '../../../../contract/messages.js';
import type { ShopSettings } from '../../../../contract/shop.js';
import { useSaveShopSettingsMutation, type ShopSettingsDraft } from '../../../api/shop.js';
import { Banner } from '../../../components/banner.js';
import { ExternalLink } from '../../../components/external-link.js';
import { HelpTip } from '../../../components/help-tip.js';
import { errorNotice, successNotice, type Notice } from '../../../components/notice.js';
import { Panel } from '../../../components/panel.js';
import { TextField } from '../../../components/text-field.js';

const m = messages.shop;
const s = messages.shopScreen;

type SettingsField = 'puzzle_bot_token' | 'command_name' | 'variable_name_title' | 'variable_name_price' | 'telegram_bot_token';

const FIELDS: readonly { name: SettingsField; label: string; hint?: string; help?: string }[] = [
  { name: 'puzzle_bot_token', label: s.puzzleBotToken, help: messages.help.shopPuzzleBotToken },
  { name: 'command_name', label: s.commandName, help: messages.help.shopCommand },
  { name: 'variable_name_title', label: s.variableTitle, help: messages.help.shopVariableTitle },
  { name: 'variable_name_price', label: s.variablePrice, help: messages.help.shopVariablePrice },
  { name: 'telegram_bot_token', label: s.telegramBotToken, hint: s.telegramBotHint },
];

/** The saved values as the form shows them; the Mini App bot's token comes masked and goes back so. */
export function settingsDraftOf(settings: ShopSettings): Record<SettingsField, string> {
  return {
    puzzle_bot_token: settings.puzzle_bot_token ?? '',
    command_name: settings.command_name ?? '',
    variable_name_title: settings.variable_name_title ?? '',
    variable_name_price: settings.variable_name_price ?? '',
    telegram_bot_token: settings.telegram_bot_token ?? '',
  };
}

/** PuzzleBot and the Mini App bot (SPEC §2 Shop management). The owner remounts it per action. */
export function ShopSettingsPanel({ settings }: { settings: ShopSettings }) {
  const save = useSaveShopSettingsMutation(settings.project_id);
  const [draft, setDraft] = useState(() => settingsDraftOf(settings));
  const [notice, setNotice] = useState<Notice | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const body: ShopSettingsDraft = { ...draft, regenerate_token: false };
    save.mutate(body, {
      onSuccess: ({ settings: saved, message }) => {
        setDraft(settingsDraftOf(saved));
        setNotice(successNotice(message ?? m.settingsSaved));
      },
      onError: (failure) => setNotice(errorNotice(failure, m.settingsSaveFailed)),
    });
  };

  return (
    <Panel title={s.settingsTitle}>
      <p className="shop-hint">{s.settingsHelp}</p>
      <form className="shop-form" noValidate onSubmit={handleSubmit}>
        <div className="shop-form__grid">
          {FIELDS.map(({ name, label, hint, help }) => (
            <TextField
              key={name}
              label={label}
              autoComplete="off"
              spellCheck={false}
              value={draft[name]}
              hint={hint}
              help={help && <HelpTip topic={label}>{help}</HelpTip>}
              onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
              extra={
                name === 'telegram_bot_token' &&
                settings.telegram_bot_username && (
                  <p className="shop-hint">
                    <ExternalLink href={`https://t.me/${settings.telegram_bot_username}`}>
                      {fillMessage(s.telegramBotName, { username: settings.telegram_bot_username })}
                    </ExternalLink>
                  </p>
                )
              }
            />
          ))}
        </div>
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? s.savingSettings : s.saveSettings}
          </button>
        </div>
      </form>
    </Panel>
  );
}
