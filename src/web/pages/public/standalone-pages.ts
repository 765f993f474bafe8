import type { ComponentType } from 'react';

export type PageLoader = () => Promise<ComponentType>;

/**
 * The public pages that open without the single-page app's router, API client and
 * schemas (see main.tsx): only React and the page itself download, which keeps the
 * landing's JavaScript under its 100 KB gzip budget. Inside the app (e.g. the 404
 * page's link home) the router shows the same components.
 */
const pages: Record<string, PageLoader> = {
  '/': async () => (await import('./landing-page.js')).LandingPage,
  '/oferta': async () => (await import('./oferta-page.js')).OfertaPage,
  '/privacy': async () => (await import('./privacy-page.js')).PrivacyPage,
  // Demo mode: a chat with an action's bot through the Telegram emulator (served by the emulator).
  '/__emulators/telegram/chat': async () => (await import('../demo/telegram-chat-page.js')).TelegramChatPage,
};

/** The page to open at this address without the app, if it is one of the public pages. */
export function standalonePage(pathname: string): PageLoader | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(pages, path) ? pages[path] : undefined;
}

/** Shown when the page's code could not be downloaded (connection lost, or a release replaced it). */
export const startFailedText = 'Не удалось загрузить страницу. Проверьте подключение к интернету и обновите страницу.';
