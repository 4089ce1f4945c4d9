-- A message is delivered once, however often its sender sends it (docs/prosody.md "Other modules
-- of ours"; docs/architecture.md §3 "One chat connection per browser").
--
-- Every way a client keeps what it typed is at least once: a tab that takes the shared chat
-- connection over sends again what the last holder did not confirm, a client whose stream could not
-- be resumed sends again what the server had not acknowledged (XEP-0198 §4), and the vendor's
-- apps do the same. The server may have routed the first copy already. The history drops a repeat by
-- its id (mod_portal_history.lua and the portal), but the recipient's clients would show it twice.
-- So a message whose id and body its sender (bare JID) already sent to the same recipient (bare
-- JID, a room for groupchat) within `portal_message_once_window` seconds (default 600) is not
-- routed again: a copy sent again has both; a client that reuses ids for new messages (RFC 6120
-- §8.1.3 asks only that they be unique enough) writes new bodies, which pass. At most
-- `portal_message_once_size` such keys (default 20000) are remembered, the oldest forgotten first. A message without an id, or without a body (typing, markers, call
-- signals) or an error, is never held back.
local jid = require "util.jid";
local cache = require "util.cache";
local sha1 = require "util.hashes".sha1;

local window = module:get_option_number("portal_message_once_window", 600);
local size = module:get_option_number("portal_message_once_size", 20000);

-- "sender\0recipient\0id\0sha1(body)" -> when it was first routed
local seen = cache.new(size);

local function once(event)
	local origin, stanza = event.origin, event.stanza;
	local id = stanza.attr.id;
	if not id or id == "" or stanza.attr.type == "error" or not origin.username then return; end
	local body = stanza:get_child_text("body");
	if not body then return; end
	local sender = origin.username .. "@" .. origin.host;
	local key = sender .. "\0" .. (jid.bare(stanza.attr.to) or origin.host) .. "\0" .. id .. "\0" .. sha1(body, true);
	local now = os.time();
	local first = seen:get(key);
	if first and now - first < window then
		module:log("debug", "Message %s of %s was routed already: not again", id, sender);
		return true;
	end
	seen:set(key, now);
end

-- Before routing, on the sender's host, for stanzas from its clients (core/stanza_router.lua), after
-- the call-signal limits (mod_portal_call_limits.lua, priority 100).
module:hook("pre-message/bare", once, 90);
module:hook("pre-message/full", once, 90);
