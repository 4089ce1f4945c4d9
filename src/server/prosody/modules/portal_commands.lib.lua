-- Commands from the portal (docs/prosody.md "Modules present", mod_portal_history): sending a message
-- as a user (REST send_to_chat, docs/wire/hosted-chat.md §5.2) and creating, updating and destroying
-- the MUC room of a group dialog. mod_portal_history loads it (module:require, in its environment)
-- and runs a command that the portal sends through the admin socket.
local st = require "util.stanza";

local XMLNS_MARKERS = "urn:xmpp:chat-markers:0";

-- The commands, for a VirtualHost whose MUC component is `muc_host`.
return function(muc_host)
	local function muc_service()
		local host = prosody.hosts[muc_host];
		return host and host.modules.muc;
	end

	local function add_extra(parent, key, value)
		if type(value) == "table" then
			parent:tag(key);
			for k, v in pairs(value) do add_extra(parent, k, v); end
			parent:up();
		else
			parent:text_tag(key, tostring(value));
		end
	end

	local function build_message(cmd)
		local message = st.message({ type = cmd.type; from = cmd.from; to = cmd.to; id = cmd.id });
		if cmd.body and cmd.body ~= "" then message:text_tag("body", cmd.body); end
		if cmd.markable then message:tag("markable", { xmlns = XMLNS_MARKERS }):up(); end
		message:tag("extraParams", { xmlns = "jabber:client" });
		for key, value in pairs(cmd.extra or {}) do add_extra(message, key, value); end
		for _, attachment in ipairs(cmd.attachments or {}) do
			local attr = {};
			for k, v in pairs(attachment) do attr[k] = tostring(v); end
			message:tag("attachment", attr):up();
		end
		message:up();
		return message;
	end

	local commands = {};

	function commands.deliver(cmd)
		local message = build_message(cmd);
		if cmd.type == "groupchat" then
			local muc = muc_service();
			local room = muc and muc.get_room_from_jid(cmd.to);
			if not room then return nil, "no such room: " .. tostring(cmd.to); end
			message.attr.from = cmd.to .. "/" .. tostring(cmd.nick);
			room:broadcast_message(message);
		else
			module:send(message);
		end
		return true;
	end

	local XMLNS_MUC_USER = "http://jabber.org/protocol/muc#user";

	-- The owner removed `occupant` from a group dialog: it leaves the room as the vendor's server
	-- says so (docs/wire/hosted-chat.md §17). Its own sessions get status 301 with the owner's JID as
	-- actor — the SDK's onKickOccupant reads both, and Prosody never shows the kicked the actor's JID
	-- — and the others see it leave (the SDK takes any 301 it sees for its own kick).
	local function kick(room, occupant, actor)
		local own = st.stanza("x", { xmlns = XMLNS_MUC_USER })
			:tag("item", { affiliation = "outcast"; role = "none" }):tag("actor", { jid = actor }):up():up()
			:tag("status", { code = "301" }):up()
			:tag("status", { code = "110" }):up();
		for real_jid in occupant:each_session() do
			room:route_stanza(st.presence({ type = "unavailable"; from = occupant.nick; to = real_jid }):add_child(st.clone(own)));
		end
		local left = st.presence({ type = "unavailable"; from = occupant.nick })
			:tag("x", { xmlns = XMLNS_MUC_USER }):tag("item", { affiliation = "outcast"; role = "none" }):up():up();
		room:broadcast(left, function(nick) return nick ~= occupant.nick; end);
		occupant.role = nil;
		room:save_occupant(occupant);
		module:fire_event("muc-occupant-left", { room = room; nick = occupant.nick; occupant = occupant });
	end

	-- Creates or updates the room of a group dialog: name, members-only (group dialogs), joinable
	-- (is_joinable, mod_portal_muc_dialogs.lua) and the occupants' affiliations. Occupants the owner
	-- removed from a group dialog are kicked (kick above) and banned (outcast), so they cannot join
	-- again until they are added again; occupants who left, and those of a public dialog, lose their
	-- affiliation only.
	function commands.ensure_room(cmd)
		local muc = muc_service();
		if not muc then return nil, "no MUC service at " .. muc_host; end
		local room = muc.get_room_from_jid(cmd.jid) or muc.create_room(cmd.jid);
		if not room then return nil, "could not create " .. tostring(cmd.jid); end
		room:set_persistent(true);
		room:set_hidden(true);
		room:set_name(cmd.name or "");
		room:set_members_only(cmd.members_only == true);
		room._data.portal_joinable = cmd.joinable ~= false;
		local wanted = {};
		for _, member in ipairs(cmd.members or {}) do wanted[member] = true; end
		local stale = {};
		for affiliated, affiliation in room:each_affiliation() do
			if affiliated ~= cmd.owner and not wanted[affiliated] and affiliation ~= "outcast" then
				stale[#stale + 1] = affiliated;
			end
		end
		room:set_affiliation(true, cmd.owner, "owner");
		local kicked_by = cmd.members_only == true and cmd.removed_by == cmd.owner and cmd.owner or nil;
		for _, gone in ipairs(stale) do
			if kicked_by then
				for _, occupant in room:each_occupant() do
					if occupant.bare_jid == gone then kick(room, occupant, kicked_by); end
				end
				room:set_affiliation(true, gone, "outcast", "Removed from the dialog");
			else
				room:set_affiliation(true, gone, "none", "Left the dialog");
			end
		end
		for member in pairs(wanted) do
			if member ~= cmd.owner then room:set_affiliation(true, member, "member"); end
		end
		room:save(true);
		return true;
	end

	function commands.destroy_room(cmd)
		local muc = muc_service();
		local room = muc and muc.get_room_from_jid(cmd.jid);
		if room then room:destroy(nil, "The dialog was deleted"); end
		return true;
	end

	return commands;
end
