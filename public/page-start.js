// Starts a page the server rendered (decisions 0080, 0081 and 0085). The build puts this script inside the page,
// after #root (vite.config.ts), and the server allows it by its hash (src/server/http/spa.ts).
//
// The app's code: the server holds the page's entry and its route's modulepreloads in a template
// (src/server/http/page-render.ts), so that the first paint (the stylesheet, the photos in view) and the phone
// feed's first klip do not share the connection with ~140 KB of code. Here they are put in place after the first
// paint, or on the phone feed once its first klip shows its first frame; at once on the visitor's first touch, key
// or wheel; and after HELD_CODE_MS at the latest.
//
// The phone feed's first klip: the server renders its <video> with its source and `data-autostart` only for a
// visitor whose settings it knows (signed out: autoplay on); here a stored Reduce motion still holds it back
// (public/theme-init.js put the class on <html>). It starts muted: before a tap, a phone refuses sound anyway. The
// app's player takes the playing element over as it is (src/client/features/klips/components/klip-player.tsx).
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
    // The stylesheet is in (it holds this script back until it is): the frame drawn after this callback is the
    // first paint, and the task queued in it runs after that paint.
    window.requestAnimationFrame(function () {
      window.setTimeout(startApp, 0);
    });
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
