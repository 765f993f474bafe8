import { messages } from '../../contract/messages.js';

/**
 * The text to show for a failed call, taken from the answer's body in the order of
 * SPEC §8: a plain JSON string; `detail` as a string; `detail.message`; `message`;
 * `error`; a non-JSON body as it is. Otherwise the screen's fallback, and the generic
 * 'Не удалось выполнить запрос' when the screen has none.
 */
export function extractErrorMessage(bodyText: string, fallback?: string): string {
  const lastResort = fallback?.trim() ? fallback : messages.common.requestFailed;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return isUsableText(bodyText) && !looksLikeHtmlPage(bodyText) ? bodyText.trim() : lastResort;
  }
  return messageFromJson(body) ?? lastResort;
}

function messageFromJson(body: unknown): string | undefined {
  if (isUsableText(body)) return body.trim();
  if (!isRecord(body)) return undefined;
  const { detail } = body;
  const candidates = [detail, isRecord(detail) ? detail.message : undefined, body.message, body.error];
  return candidates.find(isUsableText)?.trim();
}

function isUsableText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A proxy's or gateway's error page is markup, not a message a seller can read. */
function looksLikeHtmlPage(text: string): boolean {
  return /^\s*<(!doctype|html)/i.test(text);
}
