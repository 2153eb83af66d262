// Fetches a user-given web page for a link preview without letting the link reach our own network
// (docs/architecture.md "Security"): the host is resolved here, every address is checked, the connection goes to
// the checked address (so DNS cannot change between check and connect), each redirect is checked again, and time
// and size are capped. Only text/html is read.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { LINK_PREVIEW_MESSAGES } from '../../../shared/link-preview-messages.ts';
import { isRefusedHostname } from './address-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;
export type IsAllowedAddress = (address: string) => boolean;

export interface SafeFetchOptions {
  resolveHost: ResolveHost;
  isAllowedAddress: IsAllowedAddress;
  allowedPorts: readonly number[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export interface FetchedPage {
  /** The URL after redirects. */
  url: string;
  html: string;
}

/**
 * 'refused': the link (or a redirect) points somewhere we never fetch. 'failed': the website did not give us a
 * page (not found, unreachable, too slow, not HTML, an error status, too many redirects).
 */
export class LinkPreviewError extends Error {
  readonly kind: 'refused' | 'failed';

  constructor(kind: 'refused' | 'failed', message: string) {
    super(message);
    this.name = 'LinkPreviewError';
    this.kind = kind;
  }
}

const USER_AGENT = 'LootklipLinkPreview/1.0 (+link previews of store links)';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ENODATA', 'EAI_NONAME', 'EAI_FAIL']);

// IPv4 first: we connect to the first address only, and many machines have no IPv6 route.
export const resolveHostWithDns: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, order: 'ipv4first' });

interface Target {
  hostname: string;
  port: number;
  /** Set when the URL's host is an IP literal (already normalised by the URL parser). */
  literal: string | null;
}

const refused = () => new LinkPreviewError('refused', LINK_PREVIEW_MESSAGES.addressNotAllowed);

/** The checks that need no network: scheme, credentials, port, refused names. */
export function checkUrl(url: URL, allowedPorts: readonly number[]): Target {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new LinkPreviewError('refused', LINK_PREVIEW_MESSAGES.unsupportedScheme(url.protocol.slice(0, -1)));
  }
  if (url.username || url.password) throw new LinkPreviewError('refused', LINK_PREVIEW_MESSAGES.credentials);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!allowedPorts.includes(port)) {
    throw new LinkPreviewError('refused', LINK_PREVIEW_MESSAGES.portNotAllowed(port));
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = net.isIP(hostname) ? hostname : null;
  if (!literal && isRefusedHostname(hostname)) throw refused();
  return { hostname, port, literal };
}

/** Settles with the promise, or rejects as soon as the signal aborts (a DNS lookup cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The one address this hop may connect to: every address the name has must be allowed. */
async function resolveTarget(target: Target, options: SafeFetchOptions, signal: AbortSignal) {
  if (target.literal) {
    if (!options.isAllowedAddress(target.literal)) throw refused();
    return { address: target.literal, family: net.isIP(target.literal) };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await untilAborted(options.resolveHost(target.hostname), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && NOT_FOUND_CODES.has(code)) {
      throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.hostNotFound);
    }
    throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.unreachable);
  }
  const [first] = addresses;
  if (!first) throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.hostNotFound);
  if (!addresses.every(({ address }) => options.isAllowedAddress(address))) throw refused();
  return first;
}

/** A lookup that always answers the checked address, whatever DNS would say now. */
function pinLookup(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function sendRequest(url: URL, address: ResolvedAddress, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      signal,
      lookup: pinLookup(address.address, address.family),
      headers: {
        'user-agent': USER_AGENT,
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        'accept-encoding': 'identity',
        'accept-language': 'en-IN,en;q=0.9',
      },
    });
    request.once('response', resolve);
    request.on('error', reject); // may fire again after the response (an abort): never leave it unhandled
    request.end();
  });
}

function readCharset(contentType: string): string {
  return /charset\s*=\s*"?([\w.:-]{1,40})/i.exec(contentType)?.[1] ?? 'utf-8';
}

function decodeBody(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Reads at most maxBytes and then closes the connection: the head of a page is enough for a preview. */
async function readCapped(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room));
      size = maxBytes;
      break; // leaving the loop destroys the response and, with no agent, its socket
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  response.destroy();
  return Buffer.concat(chunks, size);
}

async function fetchWithin(
  startUrl: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<FetchedPage> {
  let url = startUrl;
  for (let redirects = 0; ; redirects++) {
    let address: ResolvedAddress;
    try {
      address = await resolveTarget(checkUrl(url, options.allowedPorts), options, signal);
    } catch (error) {
      if (redirects > 0 && error instanceof LinkPreviewError && error.kind === 'refused') {
        throw new LinkPreviewError('refused', LINK_PREVIEW_MESSAGES.redirected(error.message));
      }
      throw error;
    }
    const response = await sendRequest(url, address, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(status) && location) {
      response.destroy();
      if (redirects >= options.maxRedirects) {
        throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.tooManyRedirects(options.maxRedirects));
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new LinkPreviewError(
          'failed',
          LINK_PREVIEW_MESSAGES.redirected(LINK_PREVIEW_MESSAGES.invalidUrl),
        );
      }
      next.hash = '';
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.upstreamStatus(status));
    }
    const contentType = response.headers['content-type'] ?? '';
    if (contentType.split(';')[0]!.trim().toLowerCase() !== 'text/html') {
      response.destroy();
      throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.notHtml);
    }
    const body = await readCapped(response, options.maxBytes);
    return { url: url.href, html: decodeBody(body, readCharset(contentType)) };
  }
}

/** Fetches the page at url (http or https), following at most maxRedirects checked redirects. */
export async function fetchHtmlPage(url: URL, options: SafeFetchOptions): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await fetchWithin(url, options, signal);
  } catch (error) {
    if (error instanceof LinkPreviewError) throw error;
    if (signal.aborted) throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.timeout);
    throw new LinkPreviewError('failed', LINK_PREVIEW_MESSAGES.unreachable);
  }
}
