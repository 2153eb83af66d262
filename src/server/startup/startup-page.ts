// The page every visit gets while Lootklip starts: self-contained (no file of the client build, which may not be
// built yet), it shows the step the start is on and asks /readyz each second, loading the app once it is ready.
import { STARTUP_NO_SCRIPT_RELOAD_SECONDS, STARTUP_POLL_INTERVAL_MS } from '../../shared/constants.ts';
import type { StartupProgress } from './startup-progress.ts';
import { escapeHtml, hashInlineScript } from '../http/html-text.ts';
import { STARTUP_MESSAGES } from './startup-messages.ts';

const STYLE = `
:root { color-scheme: light dark; --fg: #1f2937; --muted: #4b5563; --bg: #fff7ed; --card: #ffffff; --accent: #c2410c; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #f3f4f6; --muted: #d1d5db; --bg: #111827; --card: #1f2937; --accent: #fb923c; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 1.25rem;
  background: var(--bg); color: var(--fg); font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: 100%; max-width: 34rem; background: var(--card); border-radius: 1rem; padding: 1.5rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
.brand { margin: 0 0 0.25rem; font-weight: 700; letter-spacing: 0.02em; color: var(--accent); }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; line-height: 1.25; }
p { margin: 0 0 0.75rem; }
.muted { color: var(--muted); }
#status { margin: 1.25rem 0 0.5rem; font-weight: 600; overflow-wrap: anywhere; }
progress { width: 100%; height: 0.75rem; margin: 0 0 0.75rem; accent-color: var(--accent); }
`.trim();

const SCRIPT = `
(() => {
  const status = document.getElementById('status');
  const bar = document.getElementById('bar');
  const show = (progress) => {
    if (status.textContent !== progress.step) status.textContent = progress.step;
    if (typeof progress.done === 'number' && typeof progress.total === 'number') {
      bar.max = progress.total;
      bar.value = progress.done;
    } else {
      bar.removeAttribute('value');
    }
  };
  const poll = async () => {
    try {
      const response = await fetch('/readyz', { cache: 'no-store' });
      if (response.ok) {
        location.reload();
        return;
      }
      const body = await response.json();
      if (body && body.progress) show(body.progress);
    } catch {
      // Between the start's page and the app the port is free for a moment: ask again.
    }
    setTimeout(poll, ${STARTUP_POLL_INTERVAL_MS});
  };
  setTimeout(poll, ${STARTUP_POLL_INTERVAL_MS});
})();
`.trim();

const hashOf = (text: string) => `'${hashInlineScript(text)}'`;

/** Only this page's own style and script; it fetches nothing but /readyz. */
export const STARTUP_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${hashOf(STYLE)}`,
  `script-src ${hashOf(SCRIPT)}`,
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function renderProgressBar(progress: StartupProgress): string {
  const label = `aria-label="${escapeHtml(STARTUP_MESSAGES.progressLabel)}"`;
  // Without a value a progress bar says "working" without a number (the steps that count nothing).
  return progress.done !== undefined && progress.total !== undefined
    ? `<progress id="bar" ${label} max="${progress.total}" value="${progress.done}"></progress>`
    : `<progress id="bar" ${label}></progress>`;
}

export function renderStartupPage(progress: StartupProgress): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(STARTUP_MESSAGES.pageTitle)}</title>
<link rel="icon" href="data:,">
<noscript><meta http-equiv="refresh" content="${STARTUP_NO_SCRIPT_RELOAD_SECONDS}"></noscript>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Lootklip</p>
<h1>${escapeHtml(STARTUP_MESSAGES.heading)}</h1>
<p>${escapeHtml(STARTUP_MESSAGES.lead)}</p>
<p id="status" role="status">${escapeHtml(progress.step)}</p>
${renderProgressBar(progress)}
<p class="muted">${escapeHtml(STARTUP_MESSAGES.whenReady)}</p>
<noscript><p class="muted">${escapeHtml(STARTUP_MESSAGES.noScript)}</p></noscript>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
