/**
 * Demo stand-in for Telegram's Mini App script (`https://telegram.org/js/telegram-web-app.js`),
 * served by the emulator. It defines `window.Telegram.WebApp` as Telegram does inside the app, with
 * init data signed for a demo buyer by the app's demo route (only the app knows the shop's bot token),
 * so the shop link works in a plain browser. The buyer id comes from `?demo_user=<id>` (remembered in
 * localStorage, default DEMO_BUYER_ID); a small bar at the bottom switches it. `close()` shows an
 * overlay in place of Telegram closing the Mini App. Plain ES2017 for any browser; no inline styles
 * (style properties are set through the DOM, which the CSP allows).
 */

export const DEMO_BUYER_ID = 100500;
export const WEB_APP_CLOSED_TEXT = 'Мини-приложение закрыто';
export const DEMO_BAR_LABEL = 'Демо-режим Telegram';
export const DEMO_BUYER_INPUT_LABEL = 'ID покупателя в Telegram';
export const DEMO_SWITCH_BUYER = 'Открыть как этого покупателя';
export const DEMO_REOPEN = 'Открыть магазин снова';

/** The script's text; `initDataPath` is where the app signs demo init data (`{path}/{token}/init-data`). */
export function webAppStandInScript(options: { initDataPath: string }): string {
  const settings = {
    initDataPath: options.initDataPath,
    defaultBuyer: DEMO_BUYER_ID,
    texts: {
      closed: WEB_APP_CLOSED_TEXT,
      closedHint: 'В Telegram покупатель вернулся бы в чат с ботом.',
      reopen: DEMO_REOPEN,
      bar: DEMO_BAR_LABEL,
      buyer: DEMO_BUYER_INPUT_LABEL,
      switchBuyer: DEMO_SWITCH_BUYER,
      signFailed: 'Эмулятор Telegram не смог подписать данные покупателя.',
    },
  };
  return `/* ScanApp demo: stand-in for telegram-web-app.js */
(function (settings) {
  'use strict';
  if (window.Telegram && window.Telegram.WebApp) return;
  var STORAGE_KEY = 'scanapp-demo-buyer';
  var texts = settings.texts;
  function noop() {}
  function validId(value) { return typeof value === 'string' && /^[1-9][0-9]{0,14}$/.test(value); }
  function storedBuyer() { try { return localStorage.getItem(STORAGE_KEY); } catch (error) { return null; } }
  function rememberBuyer(id) { try { localStorage.setItem(STORAGE_KEY, String(id)); } catch (error) { /* private mode */ } }

  var fromAddress = new URLSearchParams(location.search).get('demo_user');
  var buyerId = validId(fromAddress) ? Number(fromAddress) : validId(storedBuyer()) ? Number(storedBuyer()) : settings.defaultBuyer;
  rememberBuyer(buyerId);

  var handlers = {};
  var button = { text: '', isVisible: false, isActive: true, setText: function (text) { this.text = text; return this; }, show: function () { return this; }, hide: function () { return this; }, enable: function () { return this; }, disable: function () { return this; }, onClick: function () { return this; }, offClick: function () { return this; }, showProgress: function () { return this; }, hideProgress: function () { return this; }, setParams: function () { return this; } };
  var webApp = {
    initData: '',
    initDataUnsafe: {},
    version: '8.0',
    platform: 'unknown',
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
    close: showClosed,
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

  function parseInitData(initData) {
    var params = new URLSearchParams(initData);
    var data = {};
    params.forEach(function (value, key) { data[key] = key === 'user' ? JSON.parse(value) : value; });
    return data;
  }

  var token = location.pathname.replace(/^\\/shop\\//, '').replace(/\\/+$/, '');
  fetch(settings.initDataPath + '/' + encodeURIComponent(token) + '/init-data', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: buyerId }),
  })
    .then(function (response) { return response.json().then(function (body) { return { ok: response.ok, body: body }; }); })
    .then(function (answer) {
      if (!answer.ok) throw new Error(answer.body && answer.body.message ? answer.body.message : texts.signFailed);
      webApp.initDataUnsafe = parseInitData(answer.body.init_data);
      webApp.initData = answer.body.init_data;
    })
    .catch(function (error) { whenBody(function () { setProblem(error && error.message ? error.message : texts.signFailed); }); });

  function style(element, properties) { Object.assign(element.style, properties); return element; }
  function make(tag, properties, text) { var element = document.createElement(tag); if (text) element.textContent = text; return style(element, properties || {}); }
  function whenBody(run) { if (document.body) run(); else document.addEventListener('DOMContentLoaded', run); }

  var problem;
  function setProblem(text) { if (problem) problem.textContent = text; }

  whenBody(function () {
    var bar = make('form', { position: 'fixed', left: '0', right: '0', bottom: '0', zIndex: '2147483000', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem', padding: '0.5rem 0.75rem', background: '#16202e', color: '#ffffff', font: '14px/1.4 system-ui, sans-serif' });
    bar.setAttribute('aria-label', texts.bar);
    bar.setAttribute('data-telegram-demo-bar', '');
    bar.appendChild(make('strong', {}, texts.bar));
    var label = make('label', {}, texts.buyer);
    label.htmlFor = 'telegram-demo-buyer';
    var input = make('input', { width: '9rem', padding: '0.25rem 0.5rem', font: 'inherit', borderRadius: '0.375rem', border: '1px solid #b9c1d1' });
    input.id = 'telegram-demo-buyer';
    input.inputMode = 'numeric';
    input.autocomplete = 'off';
    input.value = String(buyerId);
    var submit = make('button', { padding: '0.25rem 0.75rem', font: 'inherit', borderRadius: '0.375rem', border: '0', background: '#ffffff', color: '#16202e', cursor: 'pointer' }, texts.switchBuyer);
    submit.type = 'submit';
    problem = make('span', { flexBasis: '100%', color: '#ffd7d4' });
    problem.setAttribute('role', 'status');
    bar.append(label, input, submit, problem);
    bar.addEventListener('submit', function (event) {
      event.preventDefault();
      var value = input.value.trim();
      if (!validId(value)) { input.focus(); return; }
      rememberBuyer(value);
      var address = new URL(location.href);
      address.searchParams.set('demo_user', value);
      location.assign(address.toString());
    });
    document.body.appendChild(bar);
    style(document.body, { paddingBottom: '4.5rem' });
  });

  function showClosed() {
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
})(${JSON.stringify(settings)});
`;
}
