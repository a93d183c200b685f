// The console names the six kinds by product line and variant (src/lib/kinds.ts, KIND_NAMES).
export { kindName } from '@/lib/kinds';
