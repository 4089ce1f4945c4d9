/** Steps the expert report tests share: providers with report access, pool requests, the calls. */
import { adminCall, type Answer, type apiClient } from './api';
import { approvedProvider, type StackRef } from './workspace';

type Api = ReturnType<typeof apiClient>;

export const REPORT_BASE = '/user/member/expertReport';

/** A fresh approved provider granted report access (what `npm run admin -- reports grant` does). */
export async function grantedProvider(api: Api, stack: StackRef, prefix: string) {
  const p = await approvedProvider(api, stack, prefix);
  const granted = await adminCall(stack.url, stack.adminSecret, 'POST', '/reports/access', {
    provider: p.email,
    action: 'grant',
  });
  if (granted.code !== 'OK') throw new Error(`Grant failed: ${granted.code} ${granted.message}`);
  return p;
}

/** A member's request in the open pool (what `npm run admin -- request-report` does). */
export async function requestReport(
  stack: StackRef,
  member: string,
  extra: { type?: string; title?: string; question?: string } = {},
): Promise<number> {
  const answer = await adminCall<{ reportId: number }>(
    stack.url,
    stack.adminSecret,
    'POST',
    '/reports/requests',
    {
      member,
      ...extra,
    },
  );
  if (answer.code !== 'OK') throw new Error(`Request failed: ${answer.code} ${answer.message}`);
  return answer.data.reportId;
}

/** POST claim / disclaim / completed of one report. */
export function move(api: Api, token: string, action: 'claim' | 'disclaim' | 'completed', reportId: number) {
  return api.call<{ reportId: number; status: string; providerId: number | null; mine: boolean }>(
    'POST',
    `${REPORT_BASE}/${action}?reportId=${reportId}`,
    { token },
  );
}

export function reportGet<T = unknown>(
  api: Api,
  token: string,
  call: string,
  params: Record<string, string | number> = {},
): Promise<Answer<T>> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return api.call<T>('GET', `${REPORT_BASE}/${call}${query.size ? `?${query}` : ''}`, { token });
}

export const SUMMARY_OK = 'Cycles are regular with a clear temperature shift; ovulation around day 15.';
