import clsx from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../../lib/theme.ts';
import { ICON_BUTTON_CLASS } from '../ui/button-styles.ts';

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      className={clsx(ICON_BUTTON_CLASS, className)}
      aria-label="Dark theme"
      aria-pressed={isDark}
      onClick={() => setTheme(isDark ? 'light' : 'dark')}
    >
      {/* Both, the theme on <html> shows one: right from the first paint of a server-rendered page. */}
      <Sun aria-hidden="true" className="hidden size-5 dark:inline" />
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
    </button>
  );
}
