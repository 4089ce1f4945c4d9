"""
A member on slixmpp, Debian's python3-slixmpp: an XMPP client written apart from ours and from
@xmpp/client, with its own XML parser and its own idea of XEP-0085, XEP-0198 and XEP-0333
(docs/testing.md "Independent peers"). Driven by tests/support/slixmpp-member.ts.

    python3 slixmpp-member.py JID PASSWORD HOST PORT

Commands come on stdin and events go to stdout, one JSON object a line each.

Commands:
    {"op": "message", "to": JID, "id": ID, "body": TEXT, "markable": true,
     "state": "active", "extra": {"name": "value"}}   a chat message; extra becomes the
                                                     vendor's <extraParams/> (wire §14.2)
    {"op": "marker", "to": JID, "id": ID, "kind": "displayed", "type": "chat"}
                                                     XEP-0333; without "type" as slixmpp
                                                     sends it (no type attribute)
    {"op": "state", "to": JID, "state": "composing"}  XEP-0085, a standalone notification
    {"op": "join", "room": ROOM_JID, "nick": NICK}     XEP-0045 §7.2, without waiting for a subject
    A message command takes "type": "groupchat" and the room's JID for a post.
    {"op": "cut", "pauseMs": 1000}                   drops the TCP connection without closing
                                                     the stream, then connects again and
                                                     resumes it (XEP-0198)
    {"op": "stop"}                                   closes the stream, then exits

Events:
    {"event": "online", "jid": FULL_JID, "sm": true|false}
    {"event": "resumed"}                             after a cut, the stream was resumed
    {"event": "message", "id", "type", "from", "body", "markable", "extra"}
    {"event": "marker", "kind", "id", "from", "type"}
    {"event": "state", "state", "from"}
    {"event": "failed", "reason": TEXT}              the login failed; the process exits 1
    {"event": "joined", "room": ROOM_JID}            the room's presence of ourselves (status 110)
    {"event": "join-error", "room", "condition"}
    {"event": "closed"}
"""
import asyncio
import json
import logging
import os
import sys
import threading

import slixmpp
from slixmpp.xmlstream import ET

MARKERS = 'urn:xmpp:chat-markers:0'
CLIENT = 'jabber:client'
STATES = ('active', 'composing', 'paused', 'inactive', 'gone')


# Events have stdout to themselves: whatever else prints (slixmpp 1.8's MUC join prints each
# room message's delay) goes to stderr.
EVENTS = sys.stdout
sys.stdout = sys.stderr


def emit(**event):
    print(json.dumps(event), file=EVENTS, flush=True)


class Member(slixmpp.ClientXMPP):
    def __init__(self, jid, password, address):
        super().__init__(jid, password)
        self.address = address
        # A dropped connection keeps the session, so that a cut can resume it.
        self.end_session_on_disconnect = False
        self.cut_pause = None
        self.finished = asyncio.get_event_loop().create_future()
        # Prosody's c2s on loopback has no TLS (src/server/prosody/config.ts); SCRAM-SHA-1 is
        # offered and taken first, PLAIN only if it is not.
        self['feature_mechanisms'].unencrypted_plain = True
        for plugin in ('xep_0030', 'xep_0045', 'xep_0085', 'xep_0198', 'xep_0199', 'xep_0333'):
            self.register_plugin(plugin)
        self['xep_0198'].window = 1
        self.stream_managed = False
        self.add_event_handler('sm_enabled', self.on_sm_enabled)
        self.add_event_handler('session_start', self.on_start)
        self.add_event_handler('message', self.on_message)
        self.add_event_handler('marker', self.on_marker)
        self.add_event_handler('chatstate', self.on_state)
        self.add_event_handler('failed_all_auth', self.on_failed)
        self.add_event_handler('session_resumed', lambda _: emit(event='resumed'))
        self.add_event_handler('disconnected', self.on_disconnected)

    async def on_start(self, _):
        await self.get_roster()
        self.send_presence()
        emit(event='online', jid=str(self.boundjid), sm=self.stream_managed)

    def on_disconnected(self, _):
        if self.cut_pause is not None:
            pause, self.cut_pause = self.cut_pause, None
            self.loop.call_later(pause, lambda: self.connect(self.address, force_starttls=False,
                                                             disable_starttls=True))
            return
        emit(event='closed')
        if not self.finished.done():
            self.finished.set_result(True)

    def on_sm_enabled(self, _):
        self.stream_managed = True

    def on_failed(self, _):
        emit(event='failed', reason='authentication failed')
        self.disconnect()

    def on_message(self, msg):
        if not msg['body']:
            return
        extra = msg.xml.find('{%s}extraParams' % CLIENT)
        emit(
            event='message',
            id=msg['id'],
            type=msg['type'],
            **{'from': str(msg['from'])},
            body=msg['body'],
            markable=msg.xml.find('{%s}markable' % MARKERS) is not None,
            extra={child.tag.split('}')[-1]: child.text for child in extra} if extra is not None else {},
        )

    def on_marker(self, msg):
        for kind in ('received', 'displayed', 'acknowledged'):
            found = msg.xml.find('{%s}%s' % (MARKERS, kind))
            if found is not None:
                emit(event='marker', kind=kind, id=found.get('id'), type=msg['type'],
                     **{'from': str(msg['from'])})

    def on_state(self, msg):
        emit(event='state', state=msg['chat_state'], **{'from': str(msg['from'])})

    def command(self, line):
        try:
            order = json.loads(line)
        except ValueError:
            emit(event='error', reason='not JSON: %s' % line.strip())
            return
        op = order.get('op')
        if op == 'message':
            msg = self.make_message(mto=order['to'], mbody=order['body'], mtype=order.get('type', 'chat'))
            msg['id'] = order['id']
            if order.get('markable'):
                msg.enable('markable')
            if order.get('state'):
                msg['chat_state'] = order['state']
            if order.get('extra'):
                params = ET.Element('{%s}extraParams' % CLIENT)
                for name, value in order['extra'].items():
                    ET.SubElement(params, '{%s}%s' % (CLIENT, name)).text = str(value)
                msg.append(params)
            msg.send()
        elif op == 'marker':
            if order.get('type'):
                # Typed as the vendor's protocol wants it (wire §14.4), built with slixmpp's stanza.
                msg = self.make_message(mto=order['to'], mtype=order['type'])
                msg[order['kind']]['id'] = order['id']
                msg.send()
            else:
                self['xep_0333'].send_marker(order['to'], order['id'], order['kind'])
        elif op == 'state':
            if order['state'] not in STATES:
                emit(event='error', reason='no such chat state: %s' % order['state'])
                return
            msg = self.make_message(mto=order['to'], mtype='chat')
            msg['chat_state'] = order['state']
            msg.send()
        elif op == 'join':
            room = order['room']
            self.add_event_handler('muc::%s::self-presence' % room,
                                   lambda _: emit(event='joined', room=room), disposable=True)
            self.add_event_handler('muc::%s::presence-error' % room,
                                   lambda pr: emit(event='join-error', room=room,
                                                   condition=pr['error']['condition']),
                                   disposable=True)
            # Not join_muc_wait: it waits for the subject XEP-0045 §7.2.16 asks for, which these
            # rooms send only when one was set (docs/wire/hosted-chat.md §17, as the vendor's SDK needs).
            self['xep_0045'].join_muc(room, order['nick'])
        elif op == 'cut':
            self.cut_pause = order.get('pauseMs', 1000) / 1000
            self.abort()
        elif op == 'stop':
            self.disconnect()
        else:
            emit(event='error', reason='no such command: %s' % op)


def main():
    # SLIXMPP_DEBUG=1 writes slixmpp's own log, every stanza included, to stderr.
    logging.basicConfig(level=logging.DEBUG if os.environ.get('SLIXMPP_DEBUG') else logging.WARNING)
    jid, password, host, port = sys.argv[1:5]
    loop = asyncio.get_event_loop()
    member = Member(jid, password, (host, int(port)))

    def read_commands():
        for line in sys.stdin:
            loop.call_soon_threadsafe(member.command, line)
        loop.call_soon_threadsafe(member.disconnect)

    threading.Thread(target=read_commands, daemon=True).start()
    member.connect(member.address, force_starttls=False, disable_starttls=True)
    loop.run_until_complete(member.finished)


if __name__ == '__main__':
    main()
