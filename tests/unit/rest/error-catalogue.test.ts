import { describe, expect, it, vi } from 'vitest';
import { ApiError, applyErrorCatalogue, formEncode } from '../../../src/rest';

function effects() {
  return { showMessage: vi.fn(), showTimeout: vi.fn(), showRefusal: vi.fn(), signOut: vi.fn() };
}

describe('the error catalogue of spec §8', () => {
  it.each(['TOKEN_ERR_KICKED', 'TOKEN_ERR_EMPTY', 'TOKEN_ERR_NOT_FOUND', 'TOKEN_ERR_LOGOUT'])(
    '%s shows the server message and signs out',
    (code) => {
      const e = effects();
      applyErrorCatalogue(new ApiError(code, 'server says', 401), e);
      expect(e.showMessage).toHaveBeenCalledWith('server says');
      expect(e.signOut).toHaveBeenCalledOnce();
    },
  );

  it('a timeout shows the timeout message', () => {
    const e = effects();
    applyErrorCatalogue(new ApiError('TIMEOUT', 'x', 0), e);
    expect(e.showTimeout).toHaveBeenCalledOnce();
    expect(e.showMessage).not.toHaveBeenCalled();
  });

  it('MEMBER_EXPERT_REPORT_NO_ACCESS goes to the caller without a message', () => {
    const e = effects();
    applyErrorCatalogue(new ApiError('MEMBER_EXPERT_REPORT_NO_ACCESS', 'x', 403), e);
    expect(e.showMessage).not.toHaveBeenCalled();
    expect(e.signOut).not.toHaveBeenCalled();
  });

  it('a refused input is said from its fields, never by the server message', () => {
    const e = effects();
    const fields = [{ field: 'email', message: 'm', rule: 'email' as const }];
    applyErrorCatalogue(new ApiError('VALIDATION_ERROR', 'email: m', 400, { fields }), e);
    expect(e.showRefusal).toHaveBeenCalledWith(fields);
    expect(e.showMessage).not.toHaveBeenCalled();
  });

  it('anything else shows the server message', () => {
    const e = effects();
    applyErrorCatalogue(new ApiError('CONFLICT', 'The slot is taken', 409), e);
    expect(e.showMessage).toHaveBeenCalledWith('The slot is taken');
    expect(e.signOut).not.toHaveBeenCalled();
  });

  it('exposes the fields of a validation error', () => {
    expect(
      new ApiError('VALIDATION_ERROR', 'x', 400, { fields: [{ field: 'email', message: 'm' }] }).fields,
    ).toEqual([{ field: 'email', message: 'm' }]);
    expect(new ApiError('X', 'x', 400, null).fields).toEqual([]);
  });
});

describe('form encoding (spec §7)', () => {
  it('sends one pair per field, arrays comma-joined, nothing for absent values', () => {
    expect(formEncode({ a: 'x y', ids: [1, 2], none: undefined, nil: null, n: 3 }).toString()).toBe(
      'a=x+y&ids=1%2C2&n=3',
    );
  });
});
