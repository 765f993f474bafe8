import type { ShopDraws } from '../../../contract/draws.js';
import type { BuyerAccount, PublicProduct, PurchaseResponse } from '../../../contract/shop.js';
import { INIT_DATA_HEADER } from '../../../contract/public-shop.js';
import type { WheelSpinResponse, WheelState } from '../../../contract/wheel.js';

const API = '/lk/api/public/shop';

/** A refused call: the server's Russian message when it sent one, and the status. */
export class ShopApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
  }
}

/** Plain fetch, not the cabinet's client: the Mini App must not download the cabinet's code. */
async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${API}/${path}`, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;
    throw new ShopApiError(response.status, message);
  }
  return body as T;
}

export const fetchProducts = (token: string) =>
  call<{ products: PublicProduct[]; shop_name: string }>(`${encodeURIComponent(token)}/products`);

export const fetchDraws = (token: string) => call<ShopDraws>(`${encodeURIComponent(token)}/draws`);

export const fetchAccount = (token: string, initData: string) =>
  call<BuyerAccount>(`${encodeURIComponent(token)}/me`, { headers: { [INIT_DATA_HEADER]: initData } });

export const sendPurchase = (token: string, initData: string, productId: number, buyerTgId: string) =>
  call<PurchaseResponse>(`${encodeURIComponent(token)}/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INIT_DATA_HEADER]: initData },
    body: JSON.stringify({ product_id: productId, buyer_tg_id: buyerTgId }),
  });

export const fetchWheel = (token: string, initData: string) =>
  call<WheelState>(`${encodeURIComponent(token)}/wheel`, { headers: { [INIT_DATA_HEADER]: initData } });

export const sendSpin = (token: string, initData: string) =>
  call<WheelSpinResponse>(`${encodeURIComponent(token)}/wheel/spin`, { method: 'POST', headers: { [INIT_DATA_HEADER]: initData } });
