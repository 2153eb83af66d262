// The real API called from the test process, to set up what a browser test needs: sellers, photos, products.
// Each test file calls from its own forwarded address, so that the per-address limits do not trip over a run.
import { inject } from 'vitest';
import { E2E_USER } from './browser.ts';

/** The API at /api/v1, called from `forwardedFor`, with a bearer token and a JSON body when given. */
export function createTestApi(forwardedFor: string) {
  const baseUrl = inject('baseUrl');
  return async (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const { token, json, ...request } = init;
    const headers = new Headers(request.headers);
    headers.set('x-forwarded-for', forwardedFor);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      request.body = JSON.stringify(json);
    }
    const response = await fetch(`${baseUrl}/api/v1${path}`, { ...request, headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

export type TestApi = ReturnType<typeof createTestApi>;

/** The smallest way to reach the seller, without which a product is refused (decision 0046). */
export const SELLER_CONTACT = { contactInfo: { whatsapp: '9876543210' } } as const;

/** Signs a new seller up, with the e-mail `{username}@example.in`. */
export async function createSeller(
  api: TestApi,
  { username, fullName }: { username: string; fullName: string },
): Promise<{ token: string; uid: string }> {
  const { data } = await api('/auth/sign-up', {
    method: 'POST',
    json: { email: `${username}@example.in`, password: 'a long passphrase', username, fullName },
  });
  return { token: data.idToken as string, uid: data.user.uid as string };
}

/**
 * E2E_USER's token and uid, for the API calls that set a test up while the browser is signed in as the same user
 * (openPage's `signedIn`); signs them up when they cannot sign in yet.
 */
export async function signInSeller(api: TestApi): Promise<{ token: string; uid: string }> {
  const credentials = { email: E2E_USER.email, password: E2E_USER.password };
  const answer = await api('/auth/sign-in', { method: 'POST', json: credentials }).catch(() =>
    api('/auth/sign-up', { method: 'POST', json: E2E_USER }),
  );
  return { token: answer.data.idToken as string, uid: answer.data.user.uid as string };
}

/** Uploads a PNG as a multipart form (a product photo unless told otherwise) and returns the API's answer. */
export function uploadImage(
  api: TestApi,
  token: string,
  png: Buffer,
  { path = '/media/images', field = 'file' }: { path?: string; field?: string } = {},
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
  return api(path, { method: 'POST', body: form, token });
}

/** Uploads a product photo and returns its id. */
export async function uploadPhoto(api: TestApi, token: string, png: Buffer): Promise<string> {
  return (await uploadImage(api, token, png)).data.id as string;
}

/** Creates a product (with SELLER_CONTACT unless `fields` say how to reach the seller) and returns its id. */
export async function createProduct(
  api: TestApi,
  token: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const answer = await api('/content', {
    method: 'POST',
    token,
    json: { type: 'product', ...SELLER_CONTACT, ...fields },
  });
  return answer.product.id as string;
}

/** Creates an offer from its metadata, running from a minute ago for a week unless the metadata says otherwise. */
export async function createOffer(
  api: TestApi,
  token: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  const now = Date.now();
  await api('/content', {
    method: 'POST',
    token,
    json: {
      type: 'offer',
      metadata: {
        startDate: new Date(now - 60_000).toISOString(),
        endDate: new Date(now + 7 * 86_400_000).toISOString(),
        ...metadata,
      },
    },
  });
}
