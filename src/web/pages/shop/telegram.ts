import type { HealthResponse } from '../../../contract/auth.js';
import { TELEGRAM_POLL_MS, TELEGRAM_WAIT_MS } from '../../../contract/public-shop.js';

/** The part of Telegram's Mini App object (`window.Telegram.WebApp`) the shop uses. */
export interface TelegramWebApp {
  initData: string;
  initDataUnsafe?: { user?: { id: number; first_name?: string } };
  themeParams?: Partial<Record<string, string>>;
  colorScheme?: 'light' | 'dark';
  ready?: () => void;
  expand?: () => void;
  close?: () => void;
  onEvent?: (event: string, handler: () => void) => void;
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

/** Theme parameters Telegram sends → the CSS variables shop.css reads (each with a default there). */
const THEME_VARIABLES: Record<string, string> = {
  bg_color: '--tg-bg',
  secondary_bg_color: '--tg-secondary-bg',
  text_color: '--tg-text',
  hint_color: '--tg-hint',
  link_color: '--tg-link',
  button_color: '--tg-button',
  button_text_color: '--tg-button-text',
  destructive_text_color: '--tg-destructive',
};

export function applyTheme(webApp: TelegramWebApp): void {
  const root = document.documentElement;
  for (const [param, variable] of Object.entries(THEME_VARIABLES)) {
    const colour = webApp.themeParams?.[param];
    // Only colours: a theme value is written into a style property, never as markup.
    if (colour && /^#[0-9a-f]{3,8}$/i.test(colour)) root.style.setProperty(variable, colour);
  }
  if (webApp.colorScheme) root.style.colorScheme = webApp.colorScheme;
}

let scriptLoaded: Promise<void> | undefined;

/** Injects Telegram's script (the real one, or the demo stand-in: the server says which) unless it is already on the page; once. */
function loadTelegramScript(): Promise<void> {
  scriptLoaded ??= injectTelegramScript();
  return scriptLoaded;
}

async function injectTelegramScript(): Promise<void> {
  if (window.Telegram?.WebApp) return;
  const health = (await (await fetch('/lk/api/health')).json()) as Partial<HealthResponse>;
  if (!health.telegram_web_app_script) throw new Error('the server names no Telegram script');
  const script = document.createElement('script');
  script.src = health.telegram_web_app_script;
  await new Promise<void>((resolve, reject) => {
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Telegram script failed to load'));
    document.head.append(script);
  });
}

/**
 * Waits for the Mini App environment (SPEC: polling every 200 ms) until it has signed init data.
 * Answers null when the page is not inside Telegram: the script could not load, or no init data
 * appeared within TELEGRAM_WAIT_MS after it loaded.
 */
export async function waitForTelegram(): Promise<TelegramWebApp | null> {
  try {
    await loadTelegramScript();
  } catch {
    return null;
  }
  const deadline = Date.now() + TELEGRAM_WAIT_MS;
  for (;;) {
    const webApp = window.Telegram?.WebApp;
    if (webApp?.initData) return webApp;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, TELEGRAM_POLL_MS));
  }
}

/** The signed user's id as init data carries it (the server checks the signature; this only fills the request body). */
export function telegramUserId(webApp: TelegramWebApp): string | null {
  const fromUnsafe = webApp.initDataUnsafe?.user?.id;
  if (fromUnsafe) return String(fromUnsafe);
  try {
    const user = JSON.parse(new URLSearchParams(webApp.initData).get('user') ?? '') as { id?: unknown };
    return typeof user.id === 'number' ? String(user.id) : null;
  } catch {
    return null;
  }
}
