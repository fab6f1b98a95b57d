import bs58 from 'bs58';
import type { TestWallet } from './test-wallet';

/** A JSON API client, optionally signed in as a wallet (its own session cookie). */
export class Api {
  private cookie = '';

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.raw(method, path, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async raw(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A multipart POST (text fields and files), as the web app's uploads send it. */
  async form<T = any>(path: string, form: FormData): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: this.cookie ? { cookie: this.cookie } : {},
      body: form,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});

  /** Signs in with the wallet's key, the way the web app does (challenge, signMessage, verify). */
  async signIn(wallet: TestWallet): Promise<{ user: { id: number }; isAdmin: boolean }> {
    const challenge = await this.post<{ message: string }>('/api/auth/challenge', {
      walletAddress: wallet.address,
    });
    const signature = wallet.signMessage(new TextEncoder().encode(challenge.message));
    const res = await this.raw('POST', '/api/auth/verify', {
      walletAddress: wallet.address,
      message: challenge.message,
      signature: bs58.encode(signature),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    return (await res.json()) as { user: { id: number }; isAdmin: boolean };
  }
}
