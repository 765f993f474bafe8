// «Написать в поддержку» (issue 30), as the rest of the server sees it: a function of the action's
// bot (registry.ts). The cabinet's side, «Сообщения», is modules/support.
export { supportFeature } from './dialog.js';
