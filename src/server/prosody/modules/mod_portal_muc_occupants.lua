-- Room disco#items lists the occupants, as the hosted chat service does
-- (docs/wire/hosted-chat.md §17 listOnlineUsers, §21.5: items with
-- jid="room/userId"). Prosody 0.12 answers an empty list. Only occupants may ask.
local st = require "util.stanza";
local jid_bare = require "util.jid".bare;
local mod_muc = module:depends("muc");

module:hook("iq-get/bare/http://jabber.org/protocol/disco#items:query", function(event)
	local origin, stanza = event.origin, event.stanza;
	local room = mod_muc.get_room_from_jid(jid_bare(stanza.attr.to));
	if not room then return; end
	if not room:get_occupant_jid(stanza.attr.from) then
		origin.send(st.error_reply(stanza, "auth", "forbidden", "Only occupants can list the occupants"));
		return true;
	end
	local reply = st.reply(stanza):query("http://jabber.org/protocol/disco#items");
	for occupant_jid in room:each_occupant() do
		reply:tag("item", { jid = occupant_jid }):up();
	end
	origin.send(reply);
	return true;
end, 10);
