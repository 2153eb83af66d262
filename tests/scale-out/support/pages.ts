// A browser signed in through one instance of the scale-out shape: the session's cookies as that instance set them.
// Cookies belong to a host whatever its port, so the session holds on the other instance and the balancer too, as
// it would behind one public address.
import type { BrowserContext } from 'playwright-core';
import { handSessionToBrowser } from '../../e2e/support/browser.ts';
import { PASSWORD, urlOf, type Call, type TestUser, type Via } from './client.ts';

export async function signInBrowser(context: BrowserContext, call: Call, via: Via, user: TestUser) {
  const answer = await call(via, '/api/v1/auth/sign-in', {
    method: 'POST',
    json: { email: user.email, password: PASSWORD },
  });
  if (answer.status !== 200)
    throw new Error(`sign-in through ${via}: ${answer.status} ${JSON.stringify(answer.body)}`);
  await handSessionToBrowser(context, answer, urlOf(via));
}
