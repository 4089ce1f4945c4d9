-- Chat history for the portal server (docs/architecture.md §1; docs/prosody.md "Reporting
-- messages to our server"; docs/wire/hosted-chat.md §14 and §21.7).
--
-- Loaded on the VirtualHost and on the MUC component. It reports to POST {portal_hook_base}/messages
-- every message whose extraParams say save_to_history (one-to-one at -0.75 on message/bare and
-- message/full: after mod_mam and mod_carbons, before delivery; rooms on muc-broadcast-message at
-- -1) and every delivered/displayed chat marker (at 50, before mod_mam: it is held there until
-- reported). A report is first appended to a durable outbox in
-- Prosody's data directory, then sent in order, in batches; it counts as sent only when the
-- portal answered 200, so a portal that is down or restarting loses nothing: the outbox is retried
-- with back-off and flushed again when Prosody itself restarts.
--
-- On the VirtualHost it also exposes `portal_command(base64 JSON)`, which the portal runs through
-- the admin socket to send a message as a user (REST send_to_chat, §5.2) and to create, update and
-- destroy the MUC room of a group dialog (the commands: portal_commands.lib.lua).
local st = require "util.stanza";
local jid = require "util.jid";
local async = require "util.async";
local json = require "util.json";
local http = require "net.http";
local base64 = require "util.encodings".base64;
local datamanager = require "util.datamanager";
local random = require "util.random";
local hex = require "util.hex";
local lists = module:require "portal_lists";
local json_text = module:require "portal_json".text;

local hook_base = module:get_option_string("portal_hook_base");
local secret = module:get_option_string("portal_hook_secret");
local batch_size = module:get_option_number("portal_history_batch", 100);
local request_timeout = module:get_option_number("portal_history_timeout", 30);
local muc_host = module:get_option_string("portal_muc_host", "muc." .. module.host);
-- How long a held stanza (a chat marker, a message sharing a file) waits for the portal to take
-- its report before it is delivered anyway.
local report_wait = module:get_option_number("portal_report_wait", 10);

local OUTBOX = "portal_history_outbox";
local XMLNS_MARKERS = "urn:xmpp:chat-markers:0";

if not hook_base or not secret then
	module:log("error", "portal_hook_base and portal_hook_secret must be set; chat history is not reported");
end

-- The outbox -------------------------------------------------------------------------------------
--
-- Durable and append-only (docs/prosody.md "Reporting messages to our server"): every report is appended to the
-- list file (datamanager.list_append, one line) before anything else happens to it, and the
-- portal's progress is a small cursor file, {sent = n}: the first n lines are delivered. What
-- waits is also kept in memory, so a batch costs one small cursor write however long the backlog
-- is, made in place (portal_lists.lib.lua `counter`). The list file is rewritten (or removed, when
-- nothing waits) only when the delivered part is at least as long as what waits and at least
-- compact_at lines, so each line is copied at most a constant number of times and a file is
-- renamed once per compact_at reports, not once per batch. The
-- cursor always moves back before the file shrinks: a crash in between sends some reports again,
-- which the portal drops as duplicates, and never skips one. A report is stored as its JSON text,
-- encoded once when it is queued: the line on disk is that string, and a batch's body is the
-- waiting texts joined, so no report is serialised twice.

local OUTBOX_CURSOR = OUTBOX .. "_sent";
local compact_at = module:get_option_number("portal_history_compact", 1000);

-- queue[head..tail] wait, in order; `sent` lines at the front of the list file are delivered.
local queue, head, tail, sent = {}, 1, 0, 0;
-- Reports queued and reports the portal took since the module loaded (the outbox left by the last
-- run counts as queued): report number n is in the portal's history once taken >= n.
local queued, taken = 0, 0;
local taken_waiters = {};

local function waiting() return tail - head + 1; end

local cursor = lists.counter(module.host, OUTBOX_CURSOR, "sent");
local store_cursor;

local function load_outbox()
	local items = datamanager.list_load(nil, module.host, OUTBOX) or {};
	local stored = datamanager.load(nil, module.host, OUTBOX_CURSOR);
	sent = math.min(stored and tonumber(stored.sent) or 0, #items);
	queue, head, tail = {}, 1, 0;
	for i = sent + 1, #items do
		tail = tail + 1;
		-- An outbox written before reports were stored as JSON holds tables.
		queue[tail] = type(items[i]) == "table" and json.encode(items[i]) or items[i];
	end
	if waiting() > 0 then module:log("info", "%d history report(s) left by the last run are sent again", waiting()); end
	queued = waiting();
	-- In the fixed-length form that `forward` overwrites in place (a file of an earlier version is not).
	store_cursor("replace", sent);
end

-- `how`: "forward" in place, or "replace" through a renamed file (a move back, before the list shrinks).
function store_cursor(how, n)
	local ok, err = cursor[how](n);
	if not ok then module:log("error", "Could not store the history outbox cursor: %s", tostring(err)); end
	return ok;
end

local function wake_taken()
	for i = #taken_waiters, 1, -1 do
		local waiter = taken_waiters[i];
		if waiter.number <= taken then
			table.remove(taken_waiters, i);
			waiter.done();
		end
	end
end

-- After the portal took `count` reports from the front.
local function delivered(count)
	taken = taken + count;
	wake_taken();
	for i = head, head + count - 1 do queue[i] = nil; end
	head, sent = head + count, sent + count;
	if sent >= compact_at and sent >= waiting() then
		-- The cursor goes back, then the file shrinks to what waits (or goes, when nothing does).
		store_cursor("replace", 0);
		local rest = {};
		for i = head, tail do rest[#rest + 1] = queue[i]; end
		datamanager.list_store(nil, module.host, OUTBOX, rest);
		queue, head, tail, sent = rest, 1, #rest, 0;
	else
		store_cursor("forward", sent);
	end
end

local pumping, retry_pending, delay, sequence = false, false, 1, 0;
local pump;

local function retry_later()
	if retry_pending then return; end
	retry_pending = true;
	module:add_timer(delay, function()
		retry_pending = false;
		pump();
	end);
	delay = math.min(delay * 2, 30);
end

function pump()
	if pumping or retry_pending or not hook_base or not secret then return; end
	if waiting() == 0 then return; end
	local batch = {};
	for i = head, math.min(tail, head + batch_size - 1) do batch[#batch + 1] = queue[i]; end
	pumping = true;
	sequence = sequence + 1;
	local this_request = sequence;
	local finished = false;
	local function fail(reason)
		if finished then return; end
		finished = true;
		pumping = false;
		module:log("warn", "History report of %d item(s) failed (%s); %d waiting, retrying in %ds",
			#batch, reason, waiting(), delay);
		retry_later();
	end
	local guard = module:add_timer(request_timeout, function()
		if this_request == sequence then fail("no answer in " .. request_timeout .. "s"); end
	end);
	http.request(hook_base .. "/messages", {
		method = "POST";
		headers = { ["Content-Type"] = "application/json"; ["X-Portal-Secret"] = secret };
		body = '{"items":[' .. table.concat(batch, ",") .. "]}";
	}, function(_, code)
		if finished then return; end
		guard:stop();
		if code ~= 200 then return fail("HTTP " .. tostring(code)); end
		finished = true;
		pumping = false;
		delay = 1;
		-- Items appended while the request was in flight stay, after the ones just sent.
		delivered(#batch);
		if waiting() > 0 then module:add_timer(0, pump); end
	end);
end

local append_to_outbox = lists.appender(nil, module.host, OUTBOX);

-- Queues a report; answers its number (for wait_until_taken), or nil when it could not be queued.
local function enqueue(item)
	local text = json_text(item);
	local ok, err = append_to_outbox("item(" .. lists.quoted(text) .. ");\n");
	if not ok then
		-- Not on disk, so not in the cursor's count either: it is not reported.
		module:log("error", "Could not queue a history report for %s: %s", tostring(item.id), tostring(err));
		return nil;
	end
	tail = tail + 1;
	queue[tail] = text;
	queued = queued + 1;
	local number = queued;
	pump();
	return number;
end

-- Calls `release` once, when the portal took report `number` or after `report_wait` seconds (the
-- portal is away: the stanza is delivered anyway), never before this function returned.
local function when_taken(number, release)
	local finished = false;
	local function finish()
		if finished then return; end
		finished = true;
		release();
	end
	local waiter = { number = number };
	taken_waiters[#taken_waiters + 1] = waiter;
	local timer = module:add_timer(report_wait, function()
		if finished then return; end
		for i, w in ipairs(taken_waiters) do
			if w == waiter then table.remove(taken_waiters, i); break; end
		end
		module:log("warn", "A held stanza is delivered before the portal took its report (%ds)", report_wait);
		finish();
	end);
	waiter.done = function()
		timer:stop();
		finish();
	end;
end

-- Holds the stanza being handled, and with it the rest of its sender's stanzas (its session's
-- async runner), until the portal took report `number`: for a message sharing a file, which must
-- not overtake nor be overtaken by its sender's other messages.
local function wait_until_taken(number)
	if not number or taken >= number or not async.ready() then return; end
	local wait, done = async.waiter();
	when_taken(number, done);
	wait();
end

load_outbox();

-- Other modules' reports (mod_portal_archive_reads: reads of archived messages) join the outbox.
module:hook("portal-history-report", function(item) enqueue(item); end);

-- Reading the vendor's message extension (§14.2, §14.3) -----------------------------------------

local function extra_params(stanza)
	for _, child in ipairs(stanza.tags) do
		if child.name == "extraParams" and (child.attr.xmlns == nil or child.attr.xmlns == "jabber:client") then
			return child;
		end
	end
end

local function element_value(el)
	if #el.tags == 0 then return el:get_text(); end
	local value = {};
	for _, child in ipairs(el.tags) do value[child.name] = element_value(child); end
	return value;
end

-- Fields and attachments of an extraParams element.
local function read_extra(extra)
	local fields, attachments = {}, {};
	for _, child in ipairs(extra.tags) do
		if child.name == "attachment" then
			local attachment = {};
			for k, v in pairs(child.attr) do
				if k ~= "xmlns" then attachment[k] = v; end
			end
			attachments[#attachments + 1] = attachment;
		else
			fields[child.name] = element_value(child);
		end
	end
	return fields, attachments;
end

local function wants_history(fields)
	return fields.save_to_history == "1" or fields.save_to_history == "true";
end

local function new_id()
	return string.format("%08x", os.time()) .. hex.encode(random.bytes(8));
end

-- Gives the stanza an id and the server's date_sent / message_id (§21.7) before delivery.
local function stamp(stanza, extra, fields)
	if not stanza.attr.id or stanza.attr.id == "" then stanza.attr.id = new_id(); end
	if not tonumber(fields.date_sent) then
		fields.date_sent = tostring(os.time());
		extra:add_direct_child(st.stanza("date_sent"):text(fields.date_sent));
	end
	if not fields.message_id then
		fields.message_id = stanza.attr.id;
		extra:add_direct_child(st.stanza("message_id"):text(stanza.attr.id));
	end
end

local function report_message(stanza, kind, from, to, extra)
	local fields, attachments = read_extra(extra);
	if not wants_history(fields) then return; end
	local body = stanza:get_child_text("body");
	if (not body or body == "") and #attachments == 0 then return; end
	stamp(stanza, extra, fields);
	local number = enqueue({
		kind = "message"; type = kind; id = stanza.attr.id;
		from = from; to = to; body = body;
		extra = fields; attachments = attachments;
		markable = stanza:get_child("markable", XMLNS_MARKERS) ~= nil;
	});
	-- A message sharing a file reaches its recipients once the portal's history has it: the
	-- recipients may open the file because of that message (docs/security.md "File access"), and
	-- their apps open it as soon as it arrives (docs/wire/hosted-chat.md §6).
	if #attachments > 0 then wait_until_taken(number); end
end

-- One-to-one messages and markers, on the recipient's host -------------------------------------

local function marker_of(stanza)
	if stanza.attr.type ~= "chat" then return; end
	return stanza:get_child("received", XMLNS_MARKERS) or stanza:get_child("displayed", XMLNS_MARKERS);
end

-- Held markers go on through the event they stopped, one at a time, outside any session's runner.
local released_markers = async.runner(function(held)
	held.event.portal_marker_reported = true;
	module:fire_event(held.name, held.event);
end);

-- A chat marker reaches its peer once the portal's history has it (REST read_ids and
-- delivered_ids say so by then: the vendor's spec lists the message when the marker comes;
-- docs/wire/hosted-chat.md §14.4). It is taken out of delivery after the checks that may refuse
-- it (mod_privacy_lists at 500, mod_blocklist at 100) and before anything that keeps or copies it
-- (mod_mam at 0, mod_carbons at -0.5), and sent through the same event again when the report is
-- taken, so only the marker waits: the sender's later stanzas go on meanwhile (docs/prosody.md
-- "Reporting messages to our server").
local function hold_marker(name)
	return function(event)
		if event.portal_marker_reported then return; end
		local stanza = event.stanza;
		local marker = marker_of(stanza);
		if not marker or not marker.attr.id then return; end
		local from, to = jid.bare(stanza.attr.from), jid.bare(stanza.attr.to);
		if not from or not to then return; end
		local extra = extra_params(stanza);
		local fields = extra and read_extra(extra) or {};
		local number = enqueue({
			kind = "marker"; marker = marker.name; id = marker.attr.id;
			from = from; to = to; dialog_id = type(fields.dialog_id) == "string" and fields.dialog_id or nil;
		});
		if not number or taken >= number then return; end
		when_taken(number, function()
			-- Not from within the portal's answer, which is still moving the outbox's cursor.
			module:add_timer(0, function() released_markers:run({ name = name; event = event }); end);
		end);
		return true;
	end
end

local function on_chat_message(event)
	local stanza = event.stanza;
	if stanza.attr.type ~= "chat" or marker_of(stanza) then return; end
	local from, to = jid.bare(stanza.attr.from), jid.bare(stanza.attr.to);
	if not from or not to then return; end
	local extra = extra_params(stanza);
	if extra then report_message(stanza, "chat", from, to, extra); end
end

-- Room messages, on the MUC component ------------------------------------------------------------

local function on_room_message(event)
	local stanza, room = event.stanza, event.room;
	local extra = extra_params(stanza);
	if not extra then return; end
	-- An occupant of a dialog that is not joinable posts without being in the room
	-- (mod_portal_muc_dialogs.lua names the sender).
	local sender = event.portal_sender;
	if not sender then
		local occupant = room:get_occupant_by_nick(stanza.attr.from);
		-- Messages the portal itself sends into a room (portal_command "deliver") have no occupant;
		-- the portal stored them before sending.
		if not occupant then return; end
		sender = occupant.bare_jid;
	end
	report_message(stanza, "groupchat", sender, room.jid, extra);
end

if module:get_host_type() == "component" then
	module:hook("muc-broadcast-message", on_room_message, -1);
else
	module:hook("message/bare", hold_marker("message/bare"), 50);
	module:hook("message/full", hold_marker("message/full"), 50);
	module:hook("message/bare", on_chat_message, -0.75);
	module:hook("message/full", on_chat_message, -0.75);
end

-- Flush what a previous run left in the outbox.
module:add_timer(1, function() pump(); end);

-- Commands from the portal (VirtualHost only; portal_commands.lib.lua) --------------------------

local commands = module:require "portal_commands"(muc_host);

-- Called through the admin socket: portal_command(base64(JSON {op = …})).
function portal_command(encoded) -- luacheck: ignore 111
	local ok, cmd = pcall(json.decode, base64.decode(encoded or ""));
	if not ok or type(cmd) ~= "table" or not commands[cmd.op] then return nil, "bad portal command"; end
	return commands[cmd.op](cmd);
end
