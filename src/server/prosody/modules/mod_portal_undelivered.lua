-- What an ended stream leaves undelivered is never bounced (docs/prosody.md "Other modules of
-- ours"). When a session with stream management ends with stanzas its client did not acknowledge
-- (XEP-0198 §4) — a tab closed or crashed and its hibernation over, or a stream the server
-- closed — Prosody 0.12's mod_smacks fires `delivery/failure` for each one and, unless a handler
-- takes it, answers its sender with `recipient-unavailable` (or, on the account's last session
-- only, stores a chat message offline). So a message the portal had shown, and marked delivered
-- and read, came back to the member's app as failed, once per such session; call signals and
-- carbon copies came back the same way. Here, before mod_smacks (priority 10):
-- - a chat or normal message with a body or attachments that was addressed to this resource goes
--   to the account's other available sessions, addressed to the account, or to offline storage
--   when none is left; one addressed to the account reached every available resource itself
--   (mod_message), so it goes to offline storage only when this was the last one. The message is
--   in the archive and the history already (mod_mam, mod_portal_history): this is only about the
--   live copy;
-- - everything else that is not a request is dropped quietly: typing and markers (the history
--   keeps the markers), carbon copies (every resource had its own), headlines (call signals of a
--   call that ended with this resource, system notices), room messages (the room keeps them),
--   presence, errors and iq results;
-- - an iq request keeps mod_smacks's error reply: its sender waits for an answer (RFC 6120 §8.2.3).
local st = require "util.stanza";
local jid_bare = require "util.jid".bare;

if module:get_host_type() ~= "local" then return end

local user_sessions = prosody.hosts[module.host].sessions;
local xmlns_carbons = "urn:xmpp:carbons:2";

-- A child in the stanza's own namespace, written with or without `xmlns="jabber:client"`.
local function client_child(element, name)
	for _, child in ipairs(element.tags) do
		if child.name == name and (child.attr.xmlns == nil or child.attr.xmlns == "jabber:client") then
			return child;
		end
	end
end

local function has_content(stanza)
	if client_child(stanza, "body") then return true; end
	local extra = client_child(stanza, "extraParams");
	return extra ~= nil and client_child(extra, "attachment") ~= nil;
end

local function other_sessions(session)
	local others = {};
	local user = user_sessions[session.username];
	if not user then return others; end
	for _, other in pairs(user.sessions) do
		if other ~= session and other.presence and (other.priority or 0) >= 0 then
			others[#others + 1] = other;
		end
	end
	return others;
end

module:hook("delivery/failure", function(event)
	local session, stanza = event.session, event.stanza;
	if not session.username then return; end
	local kind, type = stanza.name, stanza.attr.type;
	if kind == "iq" then
		if type == "get" or type == "set" then return; end
		return true;
	end
	if kind ~= "message" or type == "error" or type == "headline" or type == "groupchat" then
		return true;
	end
	if stanza:get_child("sent", xmlns_carbons) or stanza:get_child("received", xmlns_carbons)
		or not has_content(stanza) then
		return true;
	end
	local others = other_sessions(session);
	if stanza.attr.to == session.full_jid and #others > 0 then
		-- Now the account's, as if sent to its bare JID: a copy that one of them leaves
		-- unacknowledged in turn is not passed on again (each available resource has its own).
		local copy = st.clone(stanza);
		copy.attr.to = jid_bare(stanza.attr.to);
		for _, other in ipairs(others) do
			other.send(copy);
		end
	end
	if #others > 0 then
		session.log("debug", "Unacknowledged message %s left to the account's other sessions", stanza.attr.id);
		return true;
	end
	local stored = module:fire_event("message/offline/handle", {
		origin = session, username = session.username, stanza = stanza,
	});
	if stored then
		session.log("debug", "Unacknowledged message %s kept in offline storage", stanza.attr.id);
	else
		session.log("warn", "Unacknowledged message %s could not be kept offline; it is in the archive", stanza.attr.id);
	end
	return true;
end, 10);
