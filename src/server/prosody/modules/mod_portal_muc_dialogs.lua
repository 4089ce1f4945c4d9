-- Rooms behave as the rooms of the vendor's dialogs (docs/wire/hosted-chat.md §17; the vendor's SDK,
-- quickblox 2.23.0 src/modules/chat/qbChat.js, is the judge). Loaded on the MUC component.
--
-- * A room exists only for a dialog: the portal makes it (portal_command ensure_room); a join of
--   any other room is refused, never creates one (restrict_room_creation closes it too, and with
--   muc_tombstones off a deleted dialog's room is gone, not a tombstone answering `gone`).
-- * A refused join echoes <x xmlns='http://jabber.org/protocol/muc'/> and carries code="500", as
--   the vendor answers: MucProxy.join's handleJoinAnswer calls back only on an error presence with
--   that x, and the vendor's spec expects code '500'.
-- * Only the dialog's occupants join a group dialog's room; nobody joins one that is not
--   joinable (is_joinable=0): its occupants post without joining, and each message goes to every
--   occupant's online sessions, the sender's included.
-- * No empty <subject/> on join: the SDK's _onMessage hands it to the app as a message from user
--   null.
-- * Room messages carry extraParams/dialog_id, as messages sent through REST do.
local st = require "util.stanza";
local jid = require "util.jid";

local XMLNS_MUC = "http://jabber.org/protocol/muc";
local XMLNS_STANZAS = "urn:ietf:params:xml:ns:xmpp-stanzas";

-- The room's dialog id: {appId}_{dialogId}@muc.{domain} (§11).
local function dialog_id_of(room_jid)
	local node = jid.split(room_jid);
	return node and node:match("^%d+_(.+)$");
end

-- The user id of a chat JID: {userId}-{appId}@{domain} (§11).
local function user_id_of(user_jid)
	local node = jid.split(user_jid);
	return node and node:match("^(%d+)%-%d+$");
end

-- A refused join, shaped as the vendor's (see the top of this file).
local function refuse_join(event, condition, text)
	local stanza = event.stanza;
	local reply = st.presence({ type = "error"; from = stanza.attr.to; to = stanza.attr.from; id = stanza.attr.id })
		:tag("x", { xmlns = XMLNS_MUC }):up()
		:tag("error", { type = condition == "item-not-found" and "cancel" or "auth"; code = "500" })
			:tag(condition, { xmlns = XMLNS_STANZAS }):up()
			:tag("text", { xmlns = XMLNS_STANZAS }):text(text):up()
		:up();
	event.origin.send(reply);
	return true;
end

local function joinable(room)
	return room._data.portal_joinable ~= false;
end

local OCCUPANT_AFFILIATIONS = { owner = true; admin = true; member = true };

module:hook("muc-room-pre-create", function(event)
	return refuse_join(event, "item-not-found", "There is no dialog with this room");
end, 10);

module:hook("muc-occupant-pre-join", function(event)
	local room = event.room;
	local affiliation = room:get_affiliation(event.stanza.attr.from);
	if affiliation == "outcast" then
		return refuse_join(event, "forbidden", "You were removed from this dialog");
	end
	if not joinable(room) then
		return refuse_join(event, "not-allowed", "This dialog is not joinable: its occupants post without joining");
	end
	if room:get_members_only() and not OCCUPANT_AFFILIATIONS[affiliation] then
		return refuse_join(event, "registration-required", "Only occupants of the dialog can join");
	end
end, 100);

-- Between the history (50) and the subject (20, subject.lib.lua): a room without a subject sends none.
module:hook("muc-occupant-session-new", function(event)
	local subject = event.room._data.subject;
	if not subject or subject == "" then return true; end
end, 30);

local function extra_params(stanza)
	for _, child in ipairs(stanza.tags) do
		if child.name == "extraParams" and (child.attr.xmlns == nil or child.attr.xmlns == "jabber:client") then
			return child;
		end
	end
end

-- Before mod_portal_history's report and stamp (-1), so the report sees it too.
module:hook("muc-broadcast-message", function(event)
	local stanza = event.stanza;
	if stanza.attr.type ~= "groupchat" or not stanza:get_child("body") then return; end
	local dialog_id = dialog_id_of(event.room.jid);
	if not dialog_id then return; end
	local extra = extra_params(stanza);
	if not extra then
		stanza:tag("extraParams", { xmlns = "jabber:client" }):up();
		extra = extra_params(stanza);
	end
	if not extra:get_child("dialog_id") then
		extra:add_direct_child(st.stanza("dialog_id"):text(dialog_id));
	end
end, 5);

-- Every online session of the room's occupants (their affiliations), the sender's included.
local function deliver_to_occupants(room, stanza)
	for affiliated, affiliation in room:each_affiliation() do
		local user = OCCUPANT_AFFILIATIONS[affiliation] and prosody.bare_sessions[affiliated];
		for _, session in pairs(user and user.sessions or {}) do
			if session.presence then
				local copy = st.clone(stanza);
				copy.attr.to = session.full_jid;
				module:send(copy);
			end
		end
	end
end

-- A dialog that is not joinable: its occupants post without joining (before the role check, 50).
module:hook("muc-occupant-groupchat", function(event)
	local room, stanza = event.room, event.stanza;
	if joinable(room) then return; end
	local sender = jid.bare(event.from);
	local user_id = user_id_of(sender);
	if not OCCUPANT_AFFILIATIONS[room:get_affiliation(sender)] or not user_id then
		event.origin.send(st.error_reply(stanza, "auth", "forbidden", "Only occupants of the dialog can post"));
		return true;
	end
	if stanza:get_child("subject") then
		event.origin.send(st.error_reply(stanza, "cancel", "not-allowed", "This dialog has no subject"));
		return true;
	end
	local from = stanza.attr.from;
	stanza.attr.from = room.jid .. "/" .. user_id;
	-- The same stamping, archiving and history report as a broadcast (mod_portal_history reads
	-- the sender from portal_sender, as there is no occupant).
	if not module:fire_event("muc-broadcast-message", { room = room; stanza = stanza; portal_sender = sender }) then
		deliver_to_occupants(room, stanza);
	end
	stanza.attr.from = from;
	return true;
end, 60);
