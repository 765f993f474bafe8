import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginResponse, RegisterResponse } from '../../src/contract/auth.js';

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A random client address (servers under test trust X-Forwarded-For), so throttles never leak between tests. */
export function randomAddress(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly address = randomAddress(),
    public token?: string,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; token?: string | null } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, ...options.headers };
    const token = options.token === null ? undefined : (options.token ?? this.token);
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}/lk/api${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, body?: unknown, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('POST', path, { ...options, body });
  }
}

export function uniqueEmail(prefix = 'seller'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface Seller {
  id: number;
  email: string;
  password: string;
  name: string;
  api: ApiClient;
}

/** Registers and signs in a new seller; `api` carries the seller's bearer token. */
export async function createSeller(baseUrl: string, overrides: { name?: string; email?: string; password?: string } = {}): Promise<Seller> {
  const api = new ApiClient(baseUrl);
  const name = overrides.name ?? 'Анна Продавцова';
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse 42';
  const registered = await api.post<RegisterResponse>('/register', { name, email, password });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const login = await api.post<LoginResponse>('/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  api.token = login.body.token;
  return { id: registered.body.user_id, email, password, name, api };
}

/** Intl's ru-RU output uses no-break spaces ('20 000 ₽'); tests compare with plain spaces. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}
