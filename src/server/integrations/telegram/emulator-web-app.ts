/**
 * Demo stand-in for Telegram's Mini App script (`https://telegram.org/js/telegram-web-app.js`),
 * served by the emulator. Like the real script it reads the launch parameters Telegram puts in the
 * page's address fragment (`#tgWebAppData=…&tgWebAppVersion=…`) and keeps them for reloads in
 * sessionStorage. It signs nothing: init data exists only when the emulator opened the page from a
 * bot's inline button or menu button (`POST /__emulators/telegram/updates` with `press` or
 * `menu_button`, which the demo chat does), and is empty otherwise, as in Telegram.
 * `close()` asks the demo chat to close the Mini App (as Telegram's web client hears it from a
 * framed Mini App), or, opened on its own, covers the page. Plain ES2017; no inline styles (style
 * properties are set through the DOM, which the CSP allows).
 */

export const WEB_APP_CLOSED_TEXT = 'Мини-приложение закрыто';
export const DEMO_BAR_LABEL = 'Демо-режим Telegram';
export const DEMO_NO_INIT_DATA = 'Telegram не передал данные покупателя: откройте магазин кнопкой «Магазин» в демо-чате с ботом.';
export const DEMO_REOPEN = 'Открыть магазин снова';

export function webAppStandInScript(): string {
  const texts = {
    closed: WEB_APP_CLOSED_TEXT,
    closedHint: 'В Telegram покупатель вернулся бы в чат с ботом.',
    reopen: DEMO_REOPEN,
    bar: DEMO_BAR_LABEL,
    buyer: 'Покупатель',
    noInitData: DEMO_NO_INIT_DATA,
  };
  return `/* ScanApp demo: stand-in for telegram-web-app.js */
(function (texts) {
  'use strict';
  if (window.Telegram && window.Telegram.WebApp) return;
  var STORAGE_KEY = '__telegram__initParams';
  function noop() {}

  function launchParams() {
    var fromAddress = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (fromAddress.has('tgWebAppVersion')) {
      var params = {};
      fromAddress.forEach(function (value, key) { params[key] = value; });
      try { sessionStorage.setItem(STORAGE_KEY, JSON.stringify(params)); } catch (error) { /* private mode */ }
      return params;
    }
    try { return JSON.parse(sessionStorage.getItem(STORAGE_KEY) || '{}') || {}; } catch (error) { return {}; }
  }
  var launch = launchParams();
  var initData = typeof launch.tgWebAppData === 'string' ? launch.tgWebAppData : '';
  var initDataUnsafe = {};
  new URLSearchParams(initData).forEach(function (value, key) {
    try { initDataUnsafe[key] = key === 'user' ? JSON.parse(value) : value; } catch (error) { /* left out, as Telegram's script does */ }
  });
  var framed = window.parent !== window;

  var button = { text: '', isVisible: false, isActive: true, setText: function (text) { this.text = text; return this; }, show: function () { return this; }, hide: function () { return this; }, enable: function () { return this; }, disable: function () { return this; }, onClick: function () { return this; }, offClick: function () { return this; }, showProgress: function () { return this; }, hideProgress: function () { return this; }, setParams: function () { return this; } };
  var handlers = {};
  var webApp = {
    initData: initData,
    initDataUnsafe: initDataUnsafe,
    version: launch.tgWebAppVersion || '6.0',
    platform: launch.tgWebAppPlatform || 'unknown',
    colorScheme: 'light',
    themeParams: { bg_color: '#ffffff', secondary_bg_color: '#f1f3f7', text_color: '#16202e', hint_color: '#5b6575', link_color: '#1f5fae', button_color: '#2266b8', button_text_color: '#ffffff', destructive_text_color: '#b3261e' },
    isExpanded: false,
    viewportHeight: window.innerHeight,
    viewportStableHeight: window.innerHeight,
    headerColor: '#ffffff',
    backgroundColor: '#ffffff',
    MainButton: button,
    SecondaryButton: button,
    BackButton: { isVisible: false, show: noop, hide: noop, onClick: noop, offClick: noop },
    HapticFeedback: { impactOccurred: noop, notificationOccurred: noop, selectionChanged: noop },
    ready: noop,
    expand: function () { webApp.isExpanded = true; },
    close: close,
    onEvent: function (name, handler) { (handlers[name] = handlers[name] || []).push(handler); },
    offEvent: function (name, handler) { handlers[name] = (handlers[name] || []).filter(function (h) { return h !== handler; }); },
    sendData: noop,
    setHeaderColor: noop,
    setBackgroundColor: noop,
    enableClosingConfirmation: noop,
    disableClosingConfirmation: noop,
    openLink: function (url) { window.open(url, '_blank', 'noopener'); },
    openTelegramLink: function (url) { window.open(url, '_blank', 'noopener'); },
    showAlert: function (message, callback) { window.alert(message); if (callback) callback(); },
    showConfirm: function (message, callback) { var ok = window.confirm(message); if (callback) callback(ok); },
  };
  window.Telegram = window.Telegram || {};
  window.Telegram.WebApp = webApp;

  function style(element, properties) { Object.assign(element.style, properties); return element; }
  function make(tag, properties, text) { var element = document.createElement(tag); if (text) element.textContent = text; return style(element, properties || {}); }
  function whenBody(run) { if (document.body) run(); else document.addEventListener('DOMContentLoaded', run); }

  whenBody(function () {
    // Above the page and in its flow, as Telegram's own header frames a Mini App: a bar laid over the
    // page would hide whatever scrolls under it (a product's «Обменять» on a phone).
    var bar = make('section', { padding: '0.5rem 0.75rem', background: '#16202e', color: '#ffffff', font: '14px/1.4 system-ui, sans-serif' });
    bar.setAttribute('aria-label', texts.bar);
    bar.setAttribute('data-telegram-demo-bar', '');
    var user = initDataUnsafe.user;
    var who = user && user.id ? texts.buyer + ': ' + (user.first_name || '') + ' (ID ' + user.id + ')' : texts.noInitData;
    bar.append(make('strong', {}, texts.bar + '. '), make('span', {}, who));
    document.body.prepend(bar);
  });

  function close() {
    if (framed) {
      window.parent.postMessage(JSON.stringify({ eventType: 'web_app_close', eventData: {} }), '*');
      return;
    }
    whenBody(function () {
      if (document.querySelector('[data-telegram-closed]')) return;
      var root = document.getElementById('root');
      if (root) root.inert = true;
      var overlay = make('section', { position: 'fixed', inset: '0', zIndex: '2147483001', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: '0.75rem', padding: '1.5rem', background: '#16202e', color: '#ffffff', font: '16px/1.5 system-ui, sans-serif', textAlign: 'center' });
      overlay.setAttribute('data-telegram-closed', '');
      overlay.setAttribute('aria-labelledby', 'telegram-demo-closed');
      var heading = make('h1', { margin: '0', fontSize: '1.5rem' }, texts.closed);
      heading.id = 'telegram-demo-closed';
      var again = make('button', { padding: '0.5rem 1rem', font: 'inherit', borderRadius: '0.5rem', border: '0', background: '#ffffff', color: '#16202e', cursor: 'pointer' }, texts.reopen);
      again.type = 'button';
      again.addEventListener('click', function () { location.reload(); });
      overlay.append(heading, make('p', { margin: '0' }, texts.closedHint), again);
      document.body.appendChild(overlay);
      again.focus();
    });
  }
})(${JSON.stringify(texts)});
`;
}
