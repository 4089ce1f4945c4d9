/**
 * A call's answer may come after the session it was sent for ended (a kick, a sign-out, a new
 * sign-in in the same tab): its token error speaks for that session only (spec §8; the error
 * catalogue signs out the current session's token errors alone).
 */
import { describe, expect, it, vi } from 'vitest';
import { accountApi, ApiError, createApiClient } from '../../../../src/rest';
import { createPortalApi } from '../../../../src/app/api/api-client';
import type { ApiPorts } from '../../../../src/app/api/api-ports';

describe('a failed call and the session it was sent for', () => {
  it('the client hands its error policy the token the request went out with', async () => {
    let token: string | null = 'first-session';
    const onError = vi.fn();
    const api = createApiClient({
      baseUrl: 'http://portal.test',
      getToken: () => token,
      fetch: async () => {
        // A new sign-in replaced the session while the request was under way.
        token = 'second-session';
        return new Response(JSON.stringify({ code: 'TOKEN_ERR_KICKED', message: 'kicked' }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        });
      },
      onError,
    });
    await expect(accountApi(api).getDoctorInfo()).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![1]).toEqual({ token: 'first-session', endpoint: 'getDoctorInfo' });
  });

  it('a token error of an ended session leaves the session signed in since; the current one signs out', () => {
    const signOut = vi.fn();
    const say = vi.fn();
    const api = createPortalApi({
      toasts: { show: say },
      signOut,
      refuseReportPath: vi.fn(),
      session: { state: { token: 'second-session', userInfo: null } },
      traffic: {},
    } as unknown as ApiPorts);
    const kicked = new ApiError('TOKEN_ERR_KICKED', 'kicked', 401);
    api.handleError(kicked, { token: 'first-session' });
    expect(signOut).not.toHaveBeenCalled();
    expect(say).not.toHaveBeenCalled();
    api.handleError(kicked, { token: 'second-session' });
    expect(signOut).toHaveBeenCalledTimes(1);
    // A call that brought its own token (the agreement question of a sign-in not kept yet) is the
    // sign-in's own: its failure is shown.
    api.handleError(new ApiError('SERVER_ERROR', 'The server failed', 500), { token: undefined });
    expect(say).toHaveBeenCalledWith('The server failed');
  });
});
