// What the server's page renderer and the client agree on (decision 0080): the facts a server render is made from,
// carried in the page so that the client's first render (the hydration) is made from the same ones.
import type { DehydratedState } from '@tanstack/react-query';

/** What a server render knows of the visitor, and the client's hydration render uses in its place. */
export type RenderEnvironment = {
  /** The server's guess that the page is on a phone (Sec-CH-UA-Mobile, else the User-Agent). */
  phone: boolean;
  /** The render's time (ms): clocks and countdowns start from it. */
  now: number;
  /** The page was asked for with the session hint cookie: who is signed in is known only after the refresh. */
  signedInHint: boolean;
  /** The zone times are shown in until the device's is known (most of our shoppers are in India). */
  timeZone: string;
};

/** The JSON of the page's data script (PAGE_DATA_ELEMENT_ID). */
export type PageData = { env: RenderEnvironment; query: DehydratedState };

/** An API answer for the page being rendered, or undefined when it failed or was late. */
export type PageAnswer = { status: number; body: string } | undefined;

export type RenderPageInput = {
  /** Path and query of the page. */
  url: string;
  env: RenderEnvironment;
  /** GETs of our own API (path and query), answered as the API answers the visitor. */
  fetchAnswer: (url: string) => Promise<PageAnswer>;
};

/**
 * The page's #root content and its data script's JSON (every `<` escaped), its status, or `client` for a page the
 * server does not render (signed-in and sign-in pages).
 */
export type RenderPageResult =
  { kind: 'rendered'; status: number; html: string; pageData: string } | { kind: 'client' };

export type RenderPage = (input: RenderPageInput) => Promise<RenderPageResult>;
