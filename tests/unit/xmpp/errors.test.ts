/** Spec §8 error texts and the stanza error reader. */
import { describe, expect, it } from 'vitest';
import {
  ChatNotConnectedError,
  SaslError,
  STATUS_AUTHFAIL,
  StanzaError,
  TimeoutError,
  toVendorError,
  XmppError,
} from '../../../src/xmpp';
import { parseStanzaError } from '../../../src/xmpp/errors/parse';
import { parseXml } from '../../../src/xmpp/testing';

describe('errors', () => {
  it('keeps one hierarchy with the vendor shape', () => {
    const offline = new ChatNotConnectedError();
    expect(offline).toBeInstanceOf(XmppError);
    expect(offline.name).toBe('ChatNotConnectedError');
    expect(offline.message).toBe('Chat is not connected');
    const auth = new SaslError(STATUS_AUTHFAIL, { code: 401 });
    expect(toVendorError(auth)).toEqual({
      code: 401,
      status: 'error',
      detail: 'Status.AUTHFAIL - The authentication attempt failed',
      message: 'Unauthorized',
    });
    expect(new TimeoutError().message).toBe('No answer');
    expect(new TimeoutError().code).toBe(408);
  });

  it('reads conditions, texts and legacy codes of stanza errors', () => {
    const error = parseStanzaError(
      parseXml(
        `<message type="error" id="m1"><error type="cancel" code="406"><not-acceptable xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/><text xmlns="urn:ietf:params:xml:ns:xmpp-stanzas">Blocked</text></error></message>`,
      ),
    );
    expect(error).toBeInstanceOf(StanzaError);
    expect(error).toMatchObject({
      condition: 'not-acceptable',
      code: 406,
      text: 'Blocked',
      id: 'm1',
      type: 'cancel',
    });
    expect(error.message).toBe('Blocked');
    const mapped = parseStanzaError(
      parseXml(
        `<iq type="error"><error type="cancel"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
      ),
    );
    expect(mapped).toMatchObject({ condition: 'item-not-found', code: 404, text: null });
    expect(parseStanzaError(parseXml('<iq type="error"/>')).condition).toBe('undefined-condition');
  });
});
