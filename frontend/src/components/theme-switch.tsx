// Light/dark switch; the choice is kept in `app-theme`.
import { MoonIcon, SunIcon } from '@/components/ui/icons';
import { useTheme } from '@/lib/theme';

export function ThemeSwitch() {
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="Dark theme"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className="relative inline-flex h-9 w-16 items-center rounded-full bg-slate-200 p-1 transition-colors dark:bg-slate-700"
    >
      <span
        className={`inline-flex h-7 w-7 items-center justify-center rounded-full bg-white text-amber-500 shadow transition-transform dark:bg-slate-900 dark:text-brand-300 ${dark ? 'translate-x-7' : ''}`}
      >
        {dark ? <MoonIcon className="h-4 w-4" /> : <SunIcon className="h-4 w-4" />}
      </span>
    </button>
  );
}
