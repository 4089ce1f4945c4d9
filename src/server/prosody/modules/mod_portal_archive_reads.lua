-- Reports every read of archived messages to the portal (docs/prosody.md "Other modules of ours";
-- docs/security.md "Health-data access log"), as mod_portal_history reports messages: a provider
-- reading a member's chat through the archive must leave a row in the access log, as the same
-- history through /qb does.
--
-- It watches what this host's clients are sent (a `stanzas/out` filter on each bound session):
--   * archive query results (XEP-0313 `<result xmlns='urn:xmpp:mam:2'>`): from the user's own
--     archive, the other party of each forwarded message; from a room's archive (muc_mam), the
--     room. One report per query, when its `<fin/>` goes out;
--   * a room's history on join (XEP-0045 §7.2.15: groupchat messages carrying a delay from the
--     room), one report per room and join, once the history has been sent.
-- Each report, {kind = "archive-read", reader, address, with = {bare JIDs}, rooms = {room JIDs}},
-- goes into mod_portal_history's durable outbox through the host event `portal-history-report`,
-- so it reaches POST {portal_hook_base}/messages in order with the messages, and survives restarts.
-- Live messages are deliveries to their addressee, not reads of an archive: not reported.
local filters = require "util.filters";
local jid = require "util.jid";

local XMLNS_MAM = "urn:xmpp:mam:2";
local XMLNS_FORWARD = "urn:xmpp:forward:0";
local XMLNS_DELAY = "urn:xmpp:delay";

local function keys(set)
	local list = {};
	for key in pairs(set) do list[#list + 1] = key; end
	table.sort(list);
	return list;
end

local function watch(session)
	local own = jid.join(session.username, session.host);
	-- queryid -> { with = set, rooms = set }; rooms whose join history is being sent
	local queries, histories = {}, {};

	local function report(with, rooms)
		if next(with) == nil and next(rooms) == nil then return; end
		module:fire_event("portal-history-report", {
			kind = "archive-read"; reader = own; address = session.ip;
			with = keys(with); rooms = keys(rooms);
		});
	end

	local function archive_result(stanza, result)
		local id = result.attr.queryid or "";
		local read = queries[id];
		if not read then
			read = { with = {}, rooms = {} };
			queries[id] = read;
		end
		local from = jid.bare(stanza.attr.from);
		if from and from ~= own then
			read.rooms[from] = true;
			return;
		end
		local forwarded = result:get_child("forwarded", XMLNS_FORWARD);
		local message = forwarded and forwarded:get_child("message", "jabber:client");
		if not message then return; end
		local a, b = jid.bare(message.attr.from), jid.bare(message.attr.to);
		local other = a == own and b or a;
		if other and other ~= own then read.with[other] = true; end
	end

	local function finished(fin)
		local id = fin.attr.queryid;
		for qid, read in pairs(queries) do
			-- A fin names its query in mam:2; without the attribute it ends whatever this stream asked.
			if id == nil or id == qid then
				queries[qid] = nil;
				report(read.with, read.rooms);
			end
		end
	end

	local function room_history(room)
		if histories[room] then return; end
		histories[room] = true;
		-- The room sends its whole history at once, within this turn of the event loop.
		module:add_timer(0, function()
			histories[room] = nil;
			report({}, { [room] = true });
		end);
	end

	filters.add_filter(session, "stanzas/out", function(stanza)
		if type(stanza) ~= "table" or not stanza.name then return stanza; end
		if stanza.name == "message" then
			local result = stanza:get_child("result", XMLNS_MAM);
			if result then
				archive_result(stanza, result);
			elseif stanza.attr.type == "groupchat" then
				local delay = stanza:get_child("delay", XMLNS_DELAY);
				local room = jid.bare(stanza.attr.from);
				if delay and room and delay.attr.from == room then room_history(room); end
			end
		elseif stanza.name == "iq" and stanza.attr.type == "result" then
			local fin = stanza:get_child("fin", XMLNS_MAM);
			if fin then finished(fin); end
		end
		return stanza;
	end);

	-- A stream that ends before its fin still read what it was sent.
	session.portal_archive_reads_flush = function()
		for qid, read in pairs(queries) do
			queries[qid] = nil;
			report(read.with, read.rooms);
		end
	end
end

module:hook("resource-bind", function(event) watch(event.session); end);

module:hook("resource-unbind", function(event)
	local flush = event.session.portal_archive_reads_flush;
	if flush then flush(); end
end);
