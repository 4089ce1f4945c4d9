-- Server pings for authenticated streams (XEP-0199 §4.2 "Server-to-Client Pings"; docs/prosody.md
-- "Pinging dead streams"; docs/security.md "Automatic logoff"). Prosody 0.12 only sends a
-- whitespace or WebSocket keep-alive after 14 minutes of silence and never closes a stream whose
-- peer stopped answering, so a dead client held its session open for ever. Every
-- `portal_ping_interval` seconds each authenticated c2s stream (TCP or WebSocket) that has been
-- silent for an interval gets a ping; a stream that stays silent for another interval after the
-- ping is dropped. The connection is closed, not the session: stream management (XEP-0198) may
-- resume it within its hibernation window, as after any lost connection. BOSH sessions are
-- watched by mod_bosh itself (`bosh_max_inactivity`).
local filters = require "util.filters";
local st = require "util.stanza";
local new_id = require "util.id".short;
local now = require "util.time".now;

local interval = module:get_option_number("portal_ping_interval", 60);

local function heard(data, session)
	session.portal_heard = now();
	return data;
end

local function watch(session)
	filters.add_filter(session, "bytes/in", heard, 2000);
	filters.add_filter(session, "stanzas/in", heard, 2000);
end

local function check(session, at)
	if session.host ~= module.host or session.type ~= "c2s" or not session.full_jid then return end
	if session.hibernating or not session.conn or session.bosh_version then return end
	local last = session.portal_heard;
	if not last then
		session.portal_heard = at;
		return;
	end
	local pinged = session.portal_pinged;
	if pinged and last >= pinged then
		session.portal_pinged = nil;
		pinged = nil;
	end
	if pinged then
		if at - pinged >= interval then
			session.log("info", "No answer to a ping for %gs: dropping the connection", at - pinged);
			session.portal_pinged = nil;
			session.conn:close();
		end
		return;
	end
	if at - last >= interval then
		session.portal_pinged = at;
		session.send(st.iq({ type = "get", id = "portal-ping-" .. new_id(), from = session.host, to = session.full_jid })
			:tag("ping", { xmlns = "urn:xmpp:ping" }));
	end
end

local function sweep()
	local at = now();
	for _, session in pairs(prosody.full_sessions) do
		local ok, err = pcall(check, session, at);
		if not ok then module:log("error", "Ping check failed: %s", tostring(err)); end
	end
	return interval;
end

function module.load()
	filters.add_filter_hook(watch);
	module:add_timer(interval, sweep);
end

function module.unload()
	filters.remove_filter_hook(watch);
end
