-- Two fixes for stream management (XEP-0198) over WebSocket in Prosody 0.12 (docs/prosody.md
-- "Other modules of ours").
local sm_destroy_session = require "core.sessionmanager".destroy_session;

-- Resumption (XEP-0198 §5). On resume, mod_smacks points the new connection at the original
-- session, whose byte reader still holds the dropped connection's WebSocket frame buffer. Half a
-- frame left there corrupts the resumed stream ("not-well-formed"). The new connection keeps its
-- own reader instead: its frame buffer is fresh and its stream already delivers to the resumed
-- session.
module:hook("smacks-hibernation-end", function(event)
	local origin, resumed = event.origin, event.resumed;
	if origin and resumed and origin.data then
		resumed.data = origin.data;
	end
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
