import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  botMessages,
  contactPhone,
  currentKeyboard,
  inlineKeyboard,
  isMiniAppClose,
  isShopperId,
  openedPage,
  randomShopperId,
  readShopper,
  sentFile,
  type ChatEntry,
  type KeyboardButton,
  type Shopper,
} from './chat-model.js';
import { demoReceiptPicture } from '../../api/receipts.js';
import { useSellerId } from '../../auth/session.js';
import './telegram-chat.css';

/** Demo-only screen (not part of the product's contract), so its few texts live here rather than in the message catalogue. */
const t = {
  title: 'Демо-чат с ботом акции',
  subtitle: 'Эмулятор Telegram: так покупатель переписывается с ботом. Сообщения не уходят в настоящий Telegram.',
  noBot: 'В адресе нет бота: откройте демо-чат со страницы акции, у которой подключён Telegram-бот ScanApp.',
  shopper: 'Покупатель',
  shopperId: 'Telegram ID покупателя',
  shopperName: 'Имя',
  shopperUsername: 'Username (без @)',
  shopperHint: 'Запоминается в этом браузере. Другой ID — другой покупатель в статистике акции.',
  empty: 'Сообщений пока нет. Нажмите «/start» или пришлите фото QR-кода с чека.',
  start: '/start',
  messageLabel: 'Сообщение',
  messagePlaceholder: 'Текст или строка из QR-кода',
  send: 'Отправить',
  photo: 'Фото чека',
  photoSent: 'Фото чека',
  contact: 'Контакт: {phone}',
  document: 'Файл',
  video: 'Видео',
  videoHint: 'воспроизведение в демо-чате не показывается',
  keyboard: 'Кнопки бота',
  sendFailed: 'Не удалось отправить сообщение: ',
  loadFailed: 'Не удалось получить ответы бота. Сервер запущен?',
  you: 'Вы',
  bot: 'Бот',
  opensMiniApp: '(откроется мини-приложение)',
  inlineButtons: 'Кнопки под сообщением',
  miniApp: 'Мини-приложение',
  closeMiniApp: 'Закрыть',
  menuButton: 'Кнопка меню бота',
  testReceipt: 'Тестовый чек',
  testReceiptLabel: 'Отправить боту фото тестового чека акции',
  testReceiptFailed: 'Не удалось сделать тестовый чек: ',
};

const SHOPPER_STORAGE_KEY = 'scanapp.demoChat.shopper';
const POLL_INTERVAL_MS = 1_000;
const EMULATOR = '/__emulators/telegram';

/** /__emulators/telegram/chat?bot_id=…: the shopper's side of a conversation with an action's bot (demo mode). */
export function TelegramChatPage() {
  const [botId, actionId, startParameter] = useMemo(() => {
    const search = new URLSearchParams(window.location.search);
    const positive = (name: string) => {
      const value = Number(search.get(name));
      return Number.isSafeInteger(value) && value > 0 ? value : null;
    };
    // A deep link's `start` (t.me/<bot>?start=…): «/start» sends it, as Telegram's «Запустить» does.
    const start = search.get('start');
    return [positive('bot_id'), positive('action_id'), start && /^[A-Za-z0-9_-]{1,64}$/.test(start) ? start : null] as const;
  }, []);
  useEffect(() => {
    document.title = `${t.title} — ScanApp`;
  }, []);

  return (
    <main className="demo-chat">
      <header className="demo-chat__header">
        <h1 className="demo-chat__title">{t.title}</h1>
        <p className="demo-chat__subtitle">{t.subtitle}</p>
      </header>
      {botId === null ? (
        <p className="demo-chat__error" role="alert">
          {t.noBot}
        </p>
      ) : (
        <Chat botId={botId} actionId={actionId} startParameter={startParameter} />
      )}
    </main>
  );
}

function Chat({ botId, actionId, startParameter }: { botId: number; actionId: number | null; startParameter: string | null }) {
  // The seller signed in on this browser can hand the shopper a test receipt of the action (demo mode).
  const sellerId = useSellerId();
  const [shopper, setShopper] = useState<Shopper>(() => readShopper(localStorage.getItem(SHOPPER_STORAGE_KEY), randomShopperId));
  const [error, setError] = useState<string | null>(null);
  const [miniApp, setMiniApp] = useState<string | null>(null);
  const { entries, refresh } = useConversation(botId, shopper.id, setError);
  const answers = useMemo(() => botMessages(entries), [entries]);
  const menuButton = useMenuButton(botId, shopper.id, answers.length);
  const keyboard = useMemo(() => currentKeyboard(answers), [answers]);

  useEffect(() => {
    localStorage.setItem(SHOPPER_STORAGE_KEY, JSON.stringify(shopper));
  }, [shopper]);

  /** Sends what the shopper did to the emulator; a press may answer a page to open instead of an update. */
  const act = async (action: { text: string } | { photoBase64: string } | { press: string } | { menuButton: true }) => {
    const from = {
      id: shopper.id,
      first_name: shopper.firstName.trim() || t.shopper,
      ...(shopper.username.trim() ? { username: shopper.username.trim() } : {}),
      // The demo shopper's Telegram account has a made-up number: what «Поделиться номером» shares.
      phone_number: `7999${String(shopper.id).slice(-7).padStart(7, '0')}`,
    };
    const body =
      'text' in action
        ? { text: action.text }
        : 'photoBase64' in action
          ? { photo_base64: action.photoBase64 }
          : 'press' in action
            ? { press: action.press }
            : { menu_button: true };
    try {
      const response = await fetch(`${EMULATOR}/updates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bot_id: botId, from, ...body }),
      });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) throw new Error((answer as { description?: string } | null)?.description ?? String(response.status));
      setError(null);
      const page = openedPage(answer);
      if (page) setMiniApp(page);
      // The emulator keeps what the shopper wrote: it shows at once, not at the next poll.
      else refresh();
    } catch (failure) {
      setError(t.sendFailed + (failure instanceof Error ? failure.message : String(failure)));
    }
  };

  return (
    <>
      <ShopperSettings shopper={shopper} onChange={setShopper} />
      <section className="demo-chat__window" aria-label={`${t.bot} ${botId}`}>
        <Timeline botId={botId} entries={entries} onPress={(button) => void act({ press: button.text })} />
        {error && (
          <p className="demo-chat__error" role="alert">
            {error}
          </p>
        )}
        {keyboard.length > 0 && <Keyboard rows={keyboard} label={t.keyboard} onPress={(button) => void act({ press: button.text })} />}
        <Composer
          testReceipt={
            actionId !== null && sellerId !== undefined
              ? async () => {
                  try {
                    const picture = await demoReceiptPicture(actionId, sellerId);
                    return base64Of(picture);
                  } catch (failure) {
                    setError(t.testReceiptFailed + (failure instanceof Error ? failure.message : String(failure)));
                    return null;
                  }
                }
              : null
          }
          menuButton={menuButton}
          onMenu={() => void act({ menuButton: true })}
          onText={(text) => void act({ text })}
          startCommand={startParameter ? `${t.start} ${startParameter}` : t.start}
          onPhoto={(photoBase64) => void act({ photoBase64 })}
        />
        {miniApp && <MiniAppPanel url={miniApp} onClose={() => setMiniApp(null)} />}
      </section>
    </>
  );
}

/** The text of the chat's Mini App menu button, or null while the bot set none. Asked again when a message arrives. */
function useMenuButton(botId: number, chatId: number, messagesSeen: number): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${EMULATOR}/menu-button?bot_id=${botId}&chat_id=${chatId}`, { signal: controller.signal, cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ type?: string; text?: string }>) : null))
      .then((button) => setText(button?.type === 'web_app' && button.text ? button.text : null))
      .catch(() => undefined);
    return () => controller.abort();
  }, [botId, chatId, messagesSeen]);
  return text;
}

/** A Mini App over the chat, as Telegram opens one; its `close()` closes the panel. */
function MiniAppPanel({ url, onClose }: { url: string; onClose: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeButton.current?.focus();
    const handleMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && isMiniAppClose(event.data)) onClose();
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [onClose]);
  return (
    <section className="demo-chat__mini-app" aria-label={t.miniApp}>
      <header className="demo-chat__mini-app-bar">
        <strong>{t.miniApp}</strong>
        <button ref={closeButton} type="button" className="demo-chat__send" onClick={onClose}>
          {t.closeMiniApp}
        </button>
      </header>
      <iframe ref={frame} className="demo-chat__mini-app-frame" title={t.miniApp} src={url} />
    </section>
  );
}

/**
 * Both sides of the chat with this shopper as the emulator keeps them, polled every second; `refresh`
 * asks at once (after the shopper wrote). A chat opened again shows everything said before.
 */
function useConversation(
  botId: number,
  chatId: number,
  onError: (error: string | null) => void,
): { entries: ChatEntry[]; refresh: () => void } {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const pollNow = useRef<() => void>(() => undefined);
  useEffect(() => {
    setEntries([]);
    const controller = new AbortController();
    let timer: number | undefined;
    let lastSeen = '';
    // One request at a time: a refresh during one asks again as soon as it ends.
    let polling = false;
    let askAgain = false;
    const poll = async () => {
      if (polling) {
        askAgain = true;
        return;
      }
      polling = true;
      window.clearTimeout(timer);
      try {
        const response = await fetch(`${EMULATOR}/conversation?bot_id=${botId}&chat_id=${chatId}`, {
          signal: controller.signal,
          cache: 'no-store',
        });
        if (!response.ok) throw new Error(String(response.status));
        const conversation = (await response.json()) as ChatEntry[];
        // A new array only when something arrived, so the page does not re-render every second.
        const last = conversation.at(-1);
        const seen = `${conversation.length}:${last?.from}:${last?.message_id}`;
        if (seen !== lastSeen) {
          lastSeen = seen;
          setEntries(conversation);
        }
      } catch {
        if (!controller.signal.aborted) onError(t.loadFailed);
      }
      polling = false;
      if (controller.signal.aborted) return;
      const wait = askAgain ? 0 : POLL_INTERVAL_MS;
      askAgain = false;
      timer = window.setTimeout(() => void poll(), wait);
    };
    pollNow.current = () => void poll();
    void poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [botId, chatId, onError]);
  return { entries, refresh: () => pollNow.current() };
}

function ShopperSettings({ shopper, onChange }: { shopper: Shopper; onChange: (shopper: Shopper) => void }) {
  const ids = { id: useId(), name: useId(), username: useId() };
  const [idText, setIdText] = useState(String(shopper.id));
  const handleId = (event: ChangeEvent<HTMLInputElement>) => {
    setIdText(event.target.value);
    const id = Number(event.target.value);
    if (isShopperId(id)) onChange({ ...shopper, id });
  };
  return (
    <details className="demo-chat__shopper">
      <summary>
        {t.shopper}: {shopper.firstName}
        {shopper.username && ` (@${shopper.username})`}, ID {shopper.id}
      </summary>
      <div className="demo-chat__shopper-fields">
        <label htmlFor={ids.id}>{t.shopperId}</label>
        <input
          id={ids.id}
          inputMode="numeric"
          autoComplete="off"
          value={idText}
          onChange={handleId}
          aria-invalid={!isShopperId(Number(idText))}
        />
        <label htmlFor={ids.name}>{t.shopperName}</label>
        <input
          id={ids.name}
          autoComplete="off"
          value={shopper.firstName}
          onChange={(event) => onChange({ ...shopper, firstName: event.target.value })}
        />
        <label htmlFor={ids.username}>{t.shopperUsername}</label>
        <input
          id={ids.username}
          autoComplete="off"
          value={shopper.username}
          onChange={(event) => onChange({ ...shopper, username: event.target.value.replace(/^@/, '') })}
        />
      </div>
      <p className="demo-chat__hint">{t.shopperHint}</p>
    </details>
  );
}

function Timeline({ botId, entries, onPress }: { botId: number; entries: ChatEntry[]; onPress: (button: KeyboardButton) => void }) {
  const end = useRef<HTMLLIElement>(null);
  // Braces: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup function.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [entries.length]);
  if (entries.length === 0)
    return (
      <p className="demo-chat__empty" role="log" aria-live="polite">
        {t.empty}
      </p>
    );
  return (
    // The log role sits on a wrapper: on the <ol> itself it would hide the list from screen readers.
    <div className="demo-chat__log" role="log" aria-live="polite">
      <ol className="demo-chat__list">
        {entries.map((entry) => {
          const buttons = entry.from === 'bot' ? inlineKeyboard(entry) : [];
          const shopperPhoto = entry.from === 'shopper' ? entry.photo : null;
          const contact = entry.from === 'shopper' ? entry.contact : null;
          const file = entry.from === 'bot' ? sentFile(entry) : null;
          return (
            <li key={entry.message_id} className={`demo-chat__bubble demo-chat__bubble--${entry.from}`}>
              <span className="visually-hidden">{entry.from === 'bot' ? t.bot : t.you}: </span>
              {shopperPhoto && (
                <img
                  className="demo-chat__photo"
                  src={`${EMULATOR}/shopper-photo?bot_id=${botId}&file_id=${encodeURIComponent(shopperPhoto)}`}
                  alt=""
                />
              )}
              {contact && (
                <span className="demo-chat__contact">
                  <span className="demo-chat__contact-phone">{t.contact.replace('{phone}', contactPhone(contact))}</span>
                  <span className="demo-chat__contact-name">{contact.first_name}</span>
                </span>
              )}
              {file && (
                <span className={`demo-chat__file demo-chat__file--${file.kind}`}>
                  <span aria-hidden="true">{file.kind === 'video' ? '▶' : '📄'}</span>{' '}
                  <span className="demo-chat__file-name">
                    {file.kind === 'video' ? t.video : t.document}
                    {file.name ? `: ${file.name}` : ''}
                  </span>
                  {file.kind === 'video' && <span className="demo-chat__file-hint">{t.videoHint}</span>}
                </span>
              )}
              {(entry.text ?? entry.caption ?? (shopperPhoto ? t.photoSent : null)) && (
                <span className="demo-chat__text">{entry.text ?? entry.caption ?? t.photoSent}</span>
              )}
              <time className="demo-chat__time" dateTime={entry.at}>
                {new Date(entry.at).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' })}
              </time>
              {buttons.length > 0 && <Keyboard rows={buttons} label={t.inlineButtons} onPress={onPress} inline />}
            </li>
          );
        })}
        <li ref={end} aria-hidden="true" className="demo-chat__end" />
      </ol>
    </div>
  );
}

function Keyboard({
  rows,
  label,
  onPress,
  inline = false,
}: {
  rows: KeyboardButton[][];
  label: string;
  onPress: (button: KeyboardButton) => void;
  inline?: boolean;
}) {
  return (
    <div className={inline ? 'demo-chat__inline-keyboard' : 'demo-chat__keyboard'} role="group" aria-label={label}>
      {rows.map((row, rowIndex) => (
        <div key={rowIndex} className="demo-chat__keyboard-row">
          {row.map((button) => (
            <button key={button.text} type="button" className="demo-chat__key" onClick={() => onPress(button)}>
              {button.text}
              {button.opensPage && <span className="visually-hidden"> {t.opensMiniApp}</span>}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

function Composer({
  testReceipt,
  menuButton,
  onMenu,
  onText,
  onPhoto,
  startCommand,
}: {
  testReceipt: (() => Promise<string | null>) | null;
  menuButton: string | null;
  onMenu: () => void;
  onText: (text: string) => void;
  /** What «/start» sends: with a deep link's parameter after it. */
  startCommand: string;
  onPhoto: (base64: string) => void;
}) {
  const [makingReceipt, setMakingReceipt] = useState(false);
  const handleTestReceipt = async () => {
    if (!testReceipt) return;
    setMakingReceipt(true);
    const picture = await testReceipt();
    setMakingReceipt(false);
    if (picture) onPhoto(picture);
  };
  const ids = { message: useId(), photo: useId() };
  const [text, setText] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    onText(message);
    setText('');
  };
  const handlePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    onPhoto(await base64Of(file));
    input.value = '';
  };
  return (
    <form className="demo-chat__composer" onSubmit={handleSubmit}>
      {menuButton && (
        <button type="button" className="demo-chat__menu" onClick={onMenu} aria-label={`${t.menuButton}: ${menuButton}`}>
          {menuButton}
        </button>
      )}
      <button type="button" className="demo-chat__start" onClick={() => onText(startCommand)}>
        {t.start}
      </button>
      <label className="visually-hidden" htmlFor={ids.message}>
        {t.messageLabel}
      </label>
      <input
        id={ids.message}
        className="demo-chat__input"
        autoComplete="off"
        placeholder={t.messagePlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="demo-chat__send">
        {t.send}
      </button>
      <label className="demo-chat__photo-button" htmlFor={ids.photo}>
        {t.photo}
      </label>
      <input
        id={ids.photo}
        className="demo-chat__file"
        type="file"
        accept="image/jpeg,image/png"
        onChange={(event) => void handlePhoto(event)}
      />
      {testReceipt && (
        <button
          type="button"
          className="demo-chat__start"
          aria-label={t.testReceiptLabel}
          disabled={makingReceipt}
          onClick={() => void handleTestReceipt()}
        >
          {t.testReceipt}
        </button>
      )}
    </form>
  );
}

/** The file's bytes in base64, as the emulator's `photo_base64` takes them. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
