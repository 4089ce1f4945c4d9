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
--   when none is left; one addressed to the account reached every resource that was available
--   when it came (mod_message), so it goes only to those that became available after it was
--   queued here (a tab that took over the browser's one chat connection from a crashed one,
--   docs/architecture.md §3), or to offline storage when this was the last one; never to a
--   session it was handed to already, and nowhere if another session of the account acknowledged
--   it (shown by the tab that held the connection before). The message is in the archive and the
--   history already (mod_mam, mod_portal_history): this is only about the live copy;
-- - everything else that is not a request is dropped quietly: typing and markers (the history
--   keeps the markers), carbon copies (every resource had its own), headlines (call signals of a
--   call that ended with this resource, system notices), room messages (the room keeps them),
--   presence, errors and iq results;
-- - an iq request keeps mod_smacks's error reply: its sender waits for an answer (RFC 6120 §8.2.3).
local st = require "util.stanza";
local jid_bare = require "util.jid".bare;
local datetime = require "util.datetime";

if module:get_host_type() ~= "local" then return end

local user_sessions = prosody.hosts[module.host].sessions;
local xmlns_carbons = "urn:xmpp:carbons:2";
local xmlns_delay = "urn:xmpp:delay";
local time_now = require "util.time".now;

-- When each session became available (its initial presence).
module:hook("presence/initial", function(event)
	event.origin.portal_available_at = time_now();
end);

-- When each stanza was queued for a session (mod_smacks keeps what it sends until acknowledged,
-- in a util.smqueue; it hands us that same object with delivery/failure). Every queue's `push`
-- is wrapped once (a reload of this module finds it wrapped) to note the time in a weak table, so
-- nothing is kept for a stanza that is gone.
local smqueue = require "util.smqueue".smqueue;
local queued = smqueue.portal_queued_at;
if not queued then
	queued = setmetatable({}, { __mode = "k" });
	smqueue.portal_queued_at = queued;
	local push = smqueue.push;
	smqueue.push = function(self, stanza)
		queued[stanza] = time_now();
		return push(self, stanza);
	end
end

-- What the account's sessions acknowledged, by message id: a copy that one session still holds
-- when it ends was shown by another (the tab that held the browser's connection before it,
-- docs/architecture.md §3) and is neither passed on nor stored. Kept per account for twice the
-- hibernation time: each acknowledgement is also noted in order of arrival, and the oldest are
-- forgotten from the front as new ones come, so each is looked at once. (Pruning by a pass over
-- every id, whenever more than a thousand were kept, cost a pass per acknowledged message during
-- a burst — most of Prosody's CPU, growing with every message: docs/performance.md "Chat".)
local keep_acked = 2 * module:get_option_number("smacks_hibernation_time", 600);
local acked = smqueue.portal_acked_in_order;

local function note_acked(account, id, now)
	local log = acked[account];
	if not log then
		log = { at = {}, ids = {}, times = {}, head = 1, tail = 0 };
		acked[account] = log;
	end
	log.at[id] = now;
	local tail = log.tail + 1;
	log.tail, log.ids[tail], log.times[tail] = tail, id, now;
	local head = log.head;
	while head < tail and now - log.times[head] > keep_acked do
		local old = log.ids[head];
		-- An id acknowledged again later is kept for its later time.
		if log.at[old] == log.times[head] then log.at[old] = nil; end
		log.ids[head], log.times[head] = nil, nil;
		head = head + 1;
	end
	log.head = head;
end

if not acked then
	acked = {};
	smqueue.portal_acked_in_order = acked;
	local ack = smqueue.ack;
	smqueue.ack = function(self, h)
		local items, err = ack(self, h);
		local now = time_now();
		for _, item in ipairs(items or {}) do
			local id, to = item.attr.id, item.attr.to;
			if item.name == "message" and id and to then note_acked(jid_bare(to), id, now); end
		end
		return items, err;
	end
end

local function acknowledged_elsewhere(stanza)
	local id, to = stanza.attr.id, stanza.attr.to;
	local log = id and to and acked[jid_bare(to)];
	local at = log and log.at[id];
	return at ~= nil and time_now() - at <= keep_acked;
end

-- Whether `other` has been handed this message by an ended session already (each ended session
-- that held it would otherwise pass it on).
local function handed_before(other, stanza)
	local id = stanza.attr.id;
	if not id then return false; end
	other.portal_handed = other.portal_handed or {};
	if other.portal_handed[id] then return true; end
	other.portal_handed[id] = true;
	return false;
end

-- Whether `other` became available after `stanza` was queued here, so never had its own copy. A
-- stanza whose queueing was not seen (queued before this module loaded) carries mod_smacks's
-- stamp (XEP-0203, whole seconds): within that second it is passed on rather than lost.
local function came_after(other, stanza)
	local available = other.portal_available_at;
	if not available then return false; end
	local exact = queued[stanza];
	if exact then return available > exact; end
	local delay = stanza:get_child("delay", xmlns_delay);
	local stamp = delay and datetime.parse(delay.attr.stamp);
	return not stamp or available >= stamp;
end

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
	if acknowledged_elsewhere(stanza) then
		session.log("debug", "Unacknowledged message %s was acknowledged by another session", stanza.attr.id);
		return true;
	end
	local others = other_sessions(session);
	local to_this = stanza.attr.to == session.full_jid;
	local copy = st.clone(stanza);
	-- Now the account's, as if sent to its bare JID: a copy that one of them leaves
	-- unacknowledged in turn goes only where it has not been.
	copy.attr.to = jid_bare(stanza.attr.to);
	for _, other in ipairs(others) do
		if (to_this or came_after(other, stanza)) and not handed_before(other, stanza) then
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
