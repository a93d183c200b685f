// A plan picked elsewhere (the overview's random pick or its plan list) travels to a piece page as
// navigation state `{ planId }`; the page opens that plan's buy form (or, for LTE, selects it).
export type PlanState = { planId: string };

export function planIdFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('planId' in state)) return null;
  const { planId } = state;
  return typeof planId === 'string' && planId !== '' ? planId : null;
}
