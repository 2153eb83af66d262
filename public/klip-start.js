// Starts the phone feed's first klip as soon as the page's HTML has it, before the app has loaded (decision 0081).
// The server renders that <video> with its source and `data-autostart` only for a visitor whose settings it knows
// (signed out: autoplay on); here a stored Reduce motion still holds it back (public/theme-init.js put the class
// on <html>). It starts muted: before a tap, a phone refuses sound anyway. The app's player takes the playing
// element over as it is (src/client/features/klips/components/klip-player.tsx). The build puts this script inside
// the page (vite.config.ts) and the server allows it by its hash (src/server/http/spa.ts).
//
// On that page the server holds the app's code in a template (src/server/http/page-render.ts): it is put in place
// here once the klip shows its first frame, so that the video has the phone's connection to itself; at once when
// the klip does not start here, when the visitor touches or types, or after HELD_CODE_MS at the latest.
(function () {
  const HELD_CODE_MS = 3000;
  const root = document.documentElement;
  const held = document.getElementById('lk-app-code');
  const video = document.querySelector('video[data-autostart]');

  function startApp() {
    if (!held || !held.isConnected) return;
    held.remove();
    for (const node of Array.from(held.content.children)) {
      // New elements, not clones: a script parsed in a template never runs, and its clone would not either.
      const element = document.createElement(node.localName);
      for (const attribute of Array.from(node.attributes))
        element.setAttribute(attribute.name, attribute.value);
      if (node.localName === 'script') {
        const unavailable = function () {
          root.dataset.app = 'unavailable';
        };
        element.addEventListener('error', unavailable);
        // Loaded and run: the app says `starting` at once (src/client/main.tsx), unless its code failed.
        element.addEventListener('load', function () {
          if (root.dataset.app === 'held') unavailable();
        });
      }
      document.head.append(element);
    }
  }

  if (held) {
    // Loading, not absent: the app's code is on its way (tests/e2e/support/browser.ts waits on this).
    root.dataset.app = 'held';
    for (const type of ['pointerdown', 'keydown', 'wheel']) {
      window.addEventListener(type, startApp, { capture: true, once: true, passive: true });
    }
    window.setTimeout(startApp, HELD_CODE_MS);
  }
  if (!video || root.classList.contains('reduce-motion')) {
    startApp();
    return;
  }
  video.muted = true;
  if (video.readyState >= video.HAVE_CURRENT_DATA) startApp();
  video.addEventListener('loadeddata', startApp, { once: true });
  video.addEventListener('error', startApp, { once: true });
  video.play().catch(function () {
    // Refused (a saving mode, say): the app's player shows its Play button.
    startApp();
  });
})();
