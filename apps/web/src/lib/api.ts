/**
 * The one HTTP client for our own JSON API (everything except /api/auth, which goes through the
 * Better Auth client). Errors become ApiError with the server's code and human message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Network error');
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

function toApiError(status: number, payload: unknown): ApiError {
  if (payload && typeof payload === 'object') {
    const nested = (payload as { error?: unknown }).error;
    if (nested && typeof nested === 'object') {
      const { code, message, details } = nested as {
        code?: unknown;
        message?: unknown;
        details?: unknown;
      };
      return new ApiError(
        status,
        String(code ?? 'error'),
        String(message ?? `HTTP ${status}`),
        details,
      );
    }
    const { code, message } = payload as { code?: unknown; message?: unknown };
    if (typeof message === 'string') return new ApiError(status, String(code ?? 'error'), message);
  }
  return new ApiError(status, 'http_error', `HTTP ${status}`);
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};

/** The server's message when it sent one, otherwise the given fallback copy. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'network_error' && error.code !== 'http_error') {
    return error.message;
  }
  return fallback;
}

export type Profile = {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  is_admin: boolean;
  is_premium: boolean;
  created_at: string;
  updated_at: string;
};
