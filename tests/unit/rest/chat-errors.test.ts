/** Spec §8 "Service errors", docs/wire/hosted-chat.md §2.5 and the §8 empty-address-book rule. */
import { describe, expect, it } from 'vitest';
import { ChatServiceError, chatErrorMessage, isEmptyAddressBook } from '../../../src/rest';

describe('chat-service errors', () => {
  it('map statuses to the spec texts', () => {
    expect([401, 403, 408, 422, 502, 404, 500, 0].map(chatErrorMessage)).toEqual([
      'Unauthorized',
      'Forbidden',
      'Request Timeout',
      'Unprocessable Entity',
      'Bad Gateway',
      'Unknown error',
      'Unknown error',
      'Unknown error',
    ]);
  });

  it('carry the server errors as detail and readable texts', () => {
    const error = new ChatServiceError(422, {
      errors: { login: ['has already been taken'], base: ['Nope'] },
    });
    expect(error.message).toBe('Unprocessable Entity');
    expect(error.status).toBe('error');
    expect(error.detail).toEqual({ login: ['has already been taken'], base: ['Nope'] });
    expect(error.texts).toEqual(['login has already been taken', 'Nope']);
  });

  it('recognise an expired session only by 401 and its text', () => {
    expect(new ChatServiceError(401, { errors: ['Required session does not exist'] }).isSessionMissing).toBe(
      true,
    );
    expect(new ChatServiceError(401, { errors: ['Unauthorized'] }).isSessionMissing).toBe(false);
    expect(new ChatServiceError(403, { errors: ['Required session does not exist'] }).isSessionMissing).toBe(
      false,
    );
  });

  it('treat only a 404 whose first error is exactly "Empty address book" as empty', () => {
    expect(isEmptyAddressBook(new ChatServiceError(404, { errors: ['Empty address book'] }))).toBe(true);
    expect(isEmptyAddressBook(new ChatServiceError(404, { errors: ['Not found'] }))).toBe(false);
    expect(isEmptyAddressBook(new ChatServiceError(422, { errors: ['Empty address book'] }))).toBe(false);
    expect(isEmptyAddressBook(new Error('Empty address book'))).toBe(false);
  });
});
