/**
 * Raw stanza templates, one per feature of the chat stack (docs/wire/hosted-chat.md §14–§20):
 * `{peer}` is the other user's bare JID, `{room}` a dialog's room JID, `{me}` our chat id,
 * `{domain}` the chat domain, `{id}` a fresh message id, `{dialog}` a dialog id, `{messageId}`
 * the message a marker is about, `{session}` a call session id.
 */
export interface StanzaTemplate {
  name: string;
  xml: string;
}

const MARKERS = 'urn:xmpp:chat-markers:0';
const callSignal = (signalType: string, extra = '') =>
  `<message xmlns="jabber:client" to="{peer}" type="headline" id="{id}">
  <extraParams xmlns="jabber:client">
    <moduleIdentifier>WebRTCVideoChat</moduleIdentifier>
    <signalType>${signalType}</signalType>
    <sessionID>{session}</sessionID>
    <callType>2</callType>
    <callerID>{me}</callerID>
    <opponentsIDs><opponentID>{peerId}</opponentID></opponentsIDs>${extra}
    <platform>web</platform>
  </extraParams>
</message>`;

export const TEMPLATES: StanzaTemplate[] = [
  {
    name: 'Message with extension (§14.2)',
    xml: `<message xmlns="jabber:client" to="{peer}" type="chat" id="{id}">
  <body>Hello from the console</body>
  <markable xmlns="${MARKERS}"/>
  <extraParams xmlns="jabber:client">
    <save_to_history>1</save_to_history>
    <dialog_id>{dialog}</dialog_id>
  </extraParams>
</message>`,
  },
  {
    name: 'Delivered marker (§14.4)',
    xml: `<message xmlns="jabber:client" to="{peer}" type="chat" id="{id}">
  <received xmlns="${MARKERS}" id="{messageId}"/>
  <extraParams xmlns="jabber:client"><dialog_id>{dialog}</dialog_id></extraParams>
</message>`,
  },
  {
    name: 'Read marker (§14.4)',
    xml: `<message xmlns="jabber:client" to="{peer}" type="chat" id="{id}">
  <displayed xmlns="${MARKERS}" id="{messageId}"/>
  <extraParams xmlns="jabber:client"><dialog_id>{dialog}</dialog_id></extraParams>
</message>`,
  },
  {
    name: 'Typing (§14.5)',
    xml: `<message xmlns="jabber:client" to="{peer}" type="chat"><composing xmlns="http://jabber.org/protocol/chatstates"/></message>`,
  },
  {
    name: 'Stopped typing (§14.5)',
    xml: `<message xmlns="jabber:client" to="{peer}" type="chat"><paused xmlns="http://jabber.org/protocol/chatstates"/></message>`,
  },
  { name: 'Roster add (§16)', xml: `<presence xmlns="jabber:client" to="{peer}" type="subscribe"/>` },
  { name: 'Roster confirm (§16)', xml: `<presence xmlns="jabber:client" to="{peer}" type="subscribed"/>` },
  { name: 'Roster reject (§16)', xml: `<presence xmlns="jabber:client" to="{peer}" type="unsubscribed"/>` },
  {
    name: 'Roster remove (§16)',
    xml: `<iq xmlns="jabber:client" type="set" id="{id}">
  <query xmlns="jabber:iq:roster"><item jid="{peer}" subscription="remove"/></query>
</iq>`,
  },
  {
    name: 'Room join (§17)',
    xml: `<presence xmlns="jabber:client" to="{room}/{me}">
  <x xmlns="http://jabber.org/protocol/muc"><history maxstanzas="0"/></x>
</presence>`,
  },
  { name: 'Room leave (§17)', xml: `<presence xmlns="jabber:client" to="{room}/{me}" type="unavailable"/>` },
  {
    name: 'Privacy lists (§18)',
    xml: `<iq xmlns="jabber:client" type="get" id="{id}"><query xmlns="jabber:iq:privacy"/></iq>`,
  },
  {
    name: 'Last activity (§15)',
    xml: `<iq xmlns="jabber:client" type="get" to="{peer}" id="{id}"><query xmlns="jabber:iq:last"/></iq>`,
  },
  {
    name: 'Ping the server (§15)',
    xml: `<iq xmlns="jabber:client" type="get" to="{domain}" id="{id}"><ping xmlns="urn:xmpp:ping"/></iq>`,
  },
  {
    name: 'Refused: unknown query (service-unavailable)',
    xml: `<iq xmlns="jabber:client" type="get" to="{domain}" id="{id}"><query xmlns="urn:example:nothing"/></iq>`,
  },
  {
    name: 'Call: call (§20)',
    xml: callSignal(
      'call',
      `\n    <sdp>v=0\no=- 1 2 IN IP4 127.0.0.1\ns=-\nt=0 0\nm=audio 9 UDP/TLS/RTP/SAVPF 111\na=rtpmap:111 opus/48000/2</sdp>`,
    ),
  },
  { name: 'Call: accept (§20)', xml: callSignal('accept', '\n    <sdp>v=0</sdp>') },
  { name: 'Call: reject (§20)', xml: callSignal('reject') },
  { name: 'Call: hang up (§20)', xml: callSignal('hangUp') },
  {
    name: 'Call: ICE candidates (§20)',
    xml: callSignal(
      'iceCandidates',
      `\n    <iceCandidates><iceCandidate><candidate>candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host</candidate><sdpMid>0</sdpMid><sdpMLineIndex>0</sdpMLineIndex></iceCandidate></iceCandidates>`,
    ),
  },
];

export interface TemplateValues {
  peerId: string;
  appId: number;
  domain: string;
  me: number;
  dialog: string;
  messageId: string;
  newId: () => string;
}

export function fillTemplate(template: string, v: TemplateValues): string {
  const peer = v.peerId ? `${v.peerId}-${v.appId}@${v.domain}` : '';
  const room = v.dialog ? `${v.appId}_${v.dialog}@muc.${v.domain}` : '';
  return template
    .replaceAll('{peerId}', v.peerId)
    .replaceAll('{peer}', peer)
    .replaceAll('{room}', room)
    .replaceAll('{me}', String(v.me))
    .replaceAll('{domain}', v.domain)
    .replaceAll('{dialog}', v.dialog)
    .replaceAll('{messageId}', v.messageId)
    .replaceAll('{session}', crypto.randomUUID())
    .replaceAll('{id}', v.newId());
}

/** Null when the text is one well-formed element, else what the parser said. */
export function wellFormedError(text: string): string | null {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) return error.textContent?.trim().split('\n')[0] ?? 'Not well-formed';
  return null;
}
