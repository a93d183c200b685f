// POST /api/user/check {proxy}: tests one generated line through the shop's own gateway and
// answers whether it worked, the exit IP and the latency, or the reason in words.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export type CheckResult = { ok: true; exitIp: string; latencyMs: number } | { ok: false; error: string };

export async function checkProxy(proxy: string): Promise<CheckResult> {
  const payload = await unwrap(api.POST('/api/user/check', { body: { proxy } }));
  if (payload.ok && payload.exitIp && typeof payload.latencyMs === 'number') {
    return { ok: true, exitIp: payload.exitIp, latencyMs: payload.latencyMs };
  }
  return { ok: false, error: payload.error || 'The check failed' };
}

/** One mutation per line, so that each line keeps its own outcome. */
export function useCheckProxy() {
  return useMutation({ mutationFn: checkProxy });
}
