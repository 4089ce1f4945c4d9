/**
 * Delivered and read markers, XEP-0333 (urn:xmpp:chat-markers:0) as
 * docs/wire/hosted-chat.md §14.4 sends them: a type `chat` message to the user's
 * JID with `<received/>` or `<displayed/>` naming the original id, and the dialog in
 * extraParams. One-to-one only (spec §4 "Messaging"): incoming markers count only on type chat.
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import type { Addressing } from '../addressing/jids';
import { chatIdFromJid } from '../addressing/jids';
import { encodeExtraParams } from '../messages/extra-params';
import { MARKERS_NS } from '../messages/types';
import type { CarbonDirection } from '../messages/types';
import { xml, type XmlElement } from '../xml/element';

export type MarkerKind = 'received' | 'displayed';

/** What the facade's `sendDeliveredStatus` / `sendReadStatus` take (wire §14.4). */
export interface MarkerParams {
  /** The id of the message being marked. */
  messageId: string;
  /** The user who sent it (chat id or JID). */
  userId: number | string;
  dialogId?: string | null;
  /** The marker's own stanza id; defaults to a new one. */
  id?: string;
}

/** A received marker. */
export interface MarkerEvent {
  messageId: string;
  dialogId: string | null;
  /** Chat id of the user who marked the message. */
  userId: number | null;
  /** Set when another of our resources sent (or got) the marker (XEP-0280; docs/lessons.md §10). */
  carbon: CarbonDirection | null;
}

/** What markers tell their listeners (`ChatClient.markers`). */
export interface MarkerEvents {
  /** Someone got our message (a `received` marker). */
  delivered: MarkerEvent;
  /** Someone read our message (a `displayed` marker). */
  read: MarkerEvent;
}

export function buildMarker(
  kind: MarkerKind,
  fields: { id: string; to: string; messageId: string; dialogId?: string | null },
): XmlElement {
  return xml(
    'message',
    { type: 'chat', to: fields.to, id: fields.id },
    xml(kind, { xmlns: MARKERS_NS, id: fields.messageId }),
    fields.dialogId ? encodeExtraParams({ dialog_id: fields.dialogId }) : null,
  );
}

/** The marker in a stanza, or null (only type chat counts, wire §14.4). */
export function parseMarker(
  stanza: XmlElement,
  carbon: CarbonDirection | null,
): (MarkerEvent & { kind: MarkerKind }) | null {
  if (stanza.attrs.type !== 'chat') return null;
  const marker = stanza.child('received', MARKERS_NS) ?? stanza.child('displayed', MARKERS_NS);
  if (!marker) return null;
  const dialogId = stanza.child('extraParams')?.childText('dialog_id') ?? null;
  return {
    kind: marker.name as MarkerKind,
    messageId: marker.attrs.id ?? '',
    dialogId,
    userId: chatIdFromJid(stanza.attrs.from ?? ''),
    carbon,
  };
}

export interface MarkersDeps {
  send(stanza: XmlElement): void;
  addressing: Addressing;
  nextId(): string;
}

export interface MarkersApi {
  /** Sends a delivered (`received`) marker; returns its id. */
  sendDelivered(params: MarkerParams): string;
  /** Sends a read (`displayed`) marker; returns its id. */
  sendRead(params: MarkerParams): string;
  /** Handles a received marker; true if the stanza was one (it then goes no further). */
  handle(stanza: XmlElement, carbon: CarbonDirection | null): boolean;
  /** Received markers, as they come. */
  readonly events: Emitter<MarkerEvents>;
}

export function createMarkers(deps: MarkersDeps): MarkersApi {
  const events = createEmitter<MarkerEvents>();
  const send = (kind: MarkerKind, params: MarkerParams) => {
    const id = params.id ?? deps.nextId();
    deps.send(
      buildMarker(kind, {
        id,
        to: deps.addressing.jidOf(params.userId),
        messageId: params.messageId,
        dialogId: params.dialogId,
      }),
    );
    return id;
  };
  return {
    sendDelivered: (params) => send('received', params),
    sendRead: (params) => send('displayed', params),
    handle(stanza, carbon) {
      const marker = parseMarker(stanza, carbon);
      if (!marker) return false;
      const { kind, ...event } = marker;
      events.emit(kind === 'received' ? 'delivered' : 'read', event);
      return true;
    },
    events,
  };
}
