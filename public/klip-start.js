// Starts the phone feed's first klip as soon as the page's HTML has it, before the app has loaded (decision 0081).
// The server renders that <video> with its source and `data-autostart` only for a visitor whose settings it knows
// (signed out: autoplay on); here a stored Reduce motion still holds it back (public/theme-init.js put the class
// on <html>). It starts muted: before a tap, a phone refuses sound anyway. The app's player takes the playing
// element over as it is (src/client/features/klips/components/klip-player.tsx). The build puts this script inside
// the page (vite.config.ts) and the server allows it by its hash (src/server/http/spa.ts).
(function () {
  const video = document.querySelector('video[data-autostart]');
  if (!video || document.documentElement.classList.contains('reduce-motion')) return;
  video.muted = true;
  video.play().catch(function () {
    // Refused (a saving mode, say): the app's player shows its Play button.
  });
})();
