// The page the external sign-in popup ends on: it posts an OidcPopupMessage to the window that opened it, only
// to our own origin, and closes. Its one script is fixed and allowed by its hash, so the page keeps a strict CSP
// without 'unsafe-inline'; the message travels as a JSON data block, which CSP does not run. The page sends no
// Cross-Origin-Opener-Policy: one would sever window.opener.
import type { FastifyReply } from 'fastify';
import type { OidcPopupMessage } from '../../shared/contracts/auth.ts';
import { escapeHtml, hashInlineScript } from '../http/html-text.ts';

const MESSAGE_ELEMENT_ID = 'oidc-result';

// Without an opener (the popup was opened as a tab), go to the app: signed in, or to the sign-in page.
export const POPUP_SCRIPT = `(function () {
  var message = JSON.parse(document.getElementById('${MESSAGE_ELEMENT_ID}').textContent);
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, window.location.origin);
    window.close();
  } else {
    window.location.replace(message.ok ? '/' : '/auth/login');
  }
})();`;

export const POPUP_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src '${hashInlineScript(POPUP_SCRIPT)}'`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON that cannot end its script element or open a comment. */
const toScriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function renderPopupPage(message: OidcPopupMessage, text: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lootklip</title>
<script type="application/json" id="${MESSAGE_ELEMENT_ID}">${toScriptJson(message)}</script>
<script>${POPUP_SCRIPT}</script>
</head>
<body style="font-family: system-ui, sans-serif; padding: 2rem; text-align: center">
<p>${escapeHtml(text)}</p>
</body>
</html>
`;
}

export function sendPopupPage(
  reply: FastifyReply,
  status: number,
  message: OidcPopupMessage,
  text: string,
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', POPUP_CONTENT_SECURITY_POLICY)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(renderPopupPage(message, text));
}
