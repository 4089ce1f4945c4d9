-- A contact request is not answered with an `unavailable` presence (docs/wire/hosted-chat.md §16).
--
-- Prosody 0.12's mod_presence acknowledges a new subscription request by sending the requester
-- the contact's bare `unavailable` presence ("acknowledging receipt", RFC 6121 §3.1.3 leaves it
-- open). The vendor's server does not, and its SDK reads that presence as the contact going
-- offline: ChatProxy._onPresence calls onContactListListener(userId, 'unavailable') for a contact
-- the app already has (the vendor's spec "can add a user to contact list and confirm the
-- subscription request" expects no type). This module drops exactly that acknowledgement: on an
-- inbound `subscribe` that mod_presence will acknowledge (not subscribed yet, not pre-approved), it
-- notes the pair; the bare `unavailable` that mod_presence then sends for it, while handling that
-- same stanza, is dropped. Other unavailable presences (a contact going offline, the answer to a
-- probe) pass.
local jid = require "util.jid";
local rostermanager = require "core.rostermanager";

-- requester bare JID .. " " .. contact bare JID → true while mod_presence handles the request.
local acknowledging = {};

module:hook("presence/bare", function(event)
	local stanza = event.stanza;
	local to, from = stanza.attr.to, stanza.attr.from;
	if not to or not from then return; end
	local type = stanza.attr.type;
	if type == "subscribe" then
		local node, host = jid.split(to);
		local requester = jid.bare(from);
		if node and host == module.host
			and not rostermanager.is_contact_subscribed(node, host, requester)
			and not rostermanager.is_contact_preapproved(node, host, requester) then
			local key = requester .. " " .. jid.bare(to);
			acknowledging[key] = true;
			-- mod_presence answers within this stanza's handling; a note it did not use goes after it.
			module:add_timer(0, function() acknowledging[key] = nil; end);
		end
	elseif type == "unavailable" and #stanza.tags == 0 and jid.resource(from) == nil then
		local key = jid.bare(to) .. " " .. from;
		if acknowledging[key] then
			acknowledging[key] = nil;
			return true;
		end
	end
end, 1);
