import { API_BASE } from '../../contract/constants.js';
import { messages } from '../../contract/messages.js';
import { currentSellerId, sessionStore } from '../auth/session.js';
import { ApiError } from './api-error.js';
import { extractErrorMessage } from './error-message.js';
import { fileNameFromDisposition } from './file-name.js';

/**
 * Downloads a file (a CSV export, an invoice's PDF). The session token goes in the Authorization
 * header, never in the address (addresses end up in history, logs and Referer): fetch → Blob → object URL.
 */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
  failedMessage: string = messages.exports.failed,
): Promise<string> {
  const token = sessionStore.getState().session?.token;
  const params = new URLSearchParams();
  // Made for the seller chosen in the header's switch, like every cabinet call.
  for (const [key, value] of Object.entries({ user_id: currentSellerId(), ...query }))
    if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${search ? `?${search}` : ''}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, failedMessage);
  }
  if (!response.ok) {
    if (response.status === 401 && token && sessionStore.getState().session?.token === token) sessionStore.signOut('expired');
    throw new ApiError(response.status, extractErrorMessage(await response.text().catch(() => ''), failedMessage));
  }
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the Blob to the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
