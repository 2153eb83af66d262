// Runs before the first paint: the build puts it inside the page (vite.config.ts), and the server allows it by
// its hash (src/server/http/spa.ts). It applies what src/client/lib/theme.ts stored: the theme ('dark', or
// 'system' as the device's scheme) and the signed-in user's high contrast and reduce motion (decision 0073).
// Keep the keys and class names in step with src/client/lib/theme.ts.
try {
  const root = document.documentElement;
  const theme = localStorage.getItem('theme');
  if (theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)) {
    root.classList.add('dark');
    root.style.colorScheme = 'dark';
  }
  const a11y = JSON.parse(localStorage.getItem('accessibility') || '{}');
  if (a11y.highContrast === true) root.classList.add('contrast');
  if (a11y.reduceMotion === true) root.classList.add('reduce-motion');
} catch {
  // storage disabled or unreadable: light theme, no extras
}
