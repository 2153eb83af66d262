// Text put into the server's own HTML (the app's page heads, the startup page, the sign-in popup) and the CSP hash
// of an inline script. No dependencies: the startup page uses it before anything heavy has loaded.
import { createHash } from 'node:crypto';

/** For attribute values and text alike: nothing in it can end the attribute, the element or the head. */
export const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** The CSP source of an inline script or style: its SHA-256 hash (quote it inside a policy). */
export function hashInlineScript(source: string): string {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}

/**
 * The page with markup put just before its `</head>`. Never String.replace with a string: there `$&`, `` $` ``
 * and `$'` are patterns, and a product's name in the markup would copy parts of the page into it.
 */
export function insertBeforeHeadEnd(html: string, markup: string): string {
  const at = html.indexOf('</head>');
  if (at === -1) return html;
  return html.slice(0, at) + markup + html.slice(at);
}
