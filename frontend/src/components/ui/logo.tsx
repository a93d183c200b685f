// The ProxyShop mark and word mark.
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('h-8 w-8', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13v5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <LogoMark />
      <span>
        Proxy<span className="text-brand-600 dark:text-brand-400">Shop</span>
      </span>
    </span>
  );
}
