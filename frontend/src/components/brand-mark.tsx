// A reseller's brand where the shop's mark would be (the client's dashboard, the branded sign-in
// page): its logo, or a square of its colour, and its name. The colour is only ever a fill, never
// behind text, so that any colour the reseller picks stays readable.
import { useState } from 'react';
import type { Schemas } from '@/lib/api-types';
import { apiUrl } from '@/lib/api-client';
import { cn } from '@/lib/cn';

type Brand = Schemas['PublicBrand'];

/** The logo's address: the API answers it relative to itself. */
function brandLogoSrc(brand: Pick<Brand, 'logoUrl'>): string | null {
  if (!brand.logoUrl) return null;
  return brand.logoUrl.startsWith('/') ? apiUrl(brand.logoUrl) : brand.logoUrl;
}

export function BrandSwatch({ colour, className }: { colour: string; className?: string }) {
  return <span aria-hidden="true" className={cn('inline-block h-8 w-8 shrink-0 rounded-lg', className)} style={{ backgroundColor: colour }} />;
}

export function BrandMark({ brand, compact = false, className }: { brand: Brand; compact?: boolean; className?: string }) {
  const src = brandLogoSrc(brand);
  const [broken, setBroken] = useState<string | null>(null);
  const logo = src && src !== broken;
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight', className)} data-testid="brand-mark">
      {logo ? (
        <img src={src} alt={compact ? brand.name : ''} className={cn('w-auto shrink-0 object-contain', compact ? 'h-8 max-w-8' : 'h-8 max-w-20')} onError={() => setBroken(src)} />
      ) : (
        <BrandSwatch colour={brand.colour} />
      )}
      {compact ? !logo && <span className="sr-only">{brand.name}</span> : <span className="line-clamp-2 min-w-0 leading-tight break-words">{brand.name}</span>}
    </span>
  );
}
