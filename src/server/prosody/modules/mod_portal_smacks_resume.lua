-- Three fixes for stream management (XEP-0198) in Prosody 0.12 (docs/prosody.md "Other modules
-- of ours").
local sm_destroy_session = require "core.sessionmanager".destroy_session;

-- A stanza whose write finds the connection gone is held, not undelivered. With writes at once
-- (`opportunistic_writes`, docs/prosody.md "Writes at once") the write that meets a closed
-- connection fails inside `send`: the session starts hibernating and `send` answers false, so
-- mod_message stored the message offline although mod_smacks had queued it already (its
-- `stanzas/out` filter runs before the write) and sent it again on resumption: the client got it
-- twice. With stream management on, a failed write now answers true, as a buffered write did: the
-- stanza is the queue's, sent again on resumption or handled by mod_portal_undelivered when the
-- session ends. `owner` is the session whose stream management counts (a resumed connection's
-- `rawsend` becomes the original session's).
local function hold_failed_writes(session, owner)
	local rawsend = session.rawsend;
	if not rawsend or session.portal_held_writes == rawsend then return end
	local function held(t)
		local ok, err = rawsend(t);
		if not ok and owner.smacks then return true; end
		return ok, err;
	end
	session.rawsend, session.portal_held_writes = held, held;
end

module:hook("resource-bind", function(event)
	hold_failed_writes(event.session, event.session);
end);

-- Resumption (XEP-0198 §5). On resume, mod_smacks points the new connection at the original
-- session, whose byte reader still holds the dropped connection's WebSocket frame buffer. Half a
-- frame left there corrupts the resumed stream ("not-well-formed"). The new connection keeps its
-- own reader instead: its frame buffer is fresh and its stream already delivers to the resumed
-- session. mod_smacks also gave the original session the new connection's `send`, which calls
-- the new connection's `rawsend`: its failed writes are held too (above).
module:hook("smacks-hibernation-end", function(event)
	local origin, resumed = event.origin, event.resumed;
	if not (origin and resumed) then return end
	if origin.data then resumed.data = origin.data; end
	hold_failed_writes(origin, resumed);
	resumed.rawsend = origin.rawsend;
end);

-- Closing a hibernating session ends it. A session whose connection is gone hibernates until it
-- is resumed or its hibernation time is over. Closing it on purpose — `c2s:close` when a portal
-- session ends (sign-out, a kick by a new sign-in, automatic logoff, a password reset, a cancelled
-- account; docs/prosody.md "Other modules of ours"), or a resource conflict — fires `pre-session-close`,
-- where mod_smacks revokes the resumption token and cancels the hibernation timer. mod_c2s then
-- destroys a session without a connection; mod_websocket's close does nothing without one. So
-- every WebSocket session that hibernated when its portal session ended stayed bound for ever:
-- listed as hibernating, offered every stanza to the account, online to its contacts, with no
-- timer left to end it and no token to resume it. It is destroyed here, after mod_smacks has
-- run (priority -100), as mod_c2s would.
module:hook("pre-session-close", function(event)
	local session = event.session;
	if session.conn or not session.hibernating or session.destroyed then return end
	local reason = event.reason;
	if type(reason) == "table" then reason = reason.text or reason.condition or reason.name; end
	session.log("debug", "Closing a hibernating session: destroying it now");
	sm_destroy_session(session, type(reason) == "string" and reason or "session closed");
end, -100);
