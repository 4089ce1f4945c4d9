-- Stream resumption fix for Prosody 0.12 over WebSocket (XEP-0198 §5).
-- On resume, mod_smacks points the new connection at the original session, whose byte reader
-- still holds the dropped connection's WebSocket frame buffer. Half a frame left there corrupts
-- the resumed stream ("not-well-formed"). The new connection keeps its own reader instead: its
-- frame buffer is fresh and its stream already delivers to the resumed session.
module:hook("smacks-hibernation-end", function(event)
	local origin, resumed = event.origin, event.resumed;
	if origin and resumed and origin.data then
		resumed.data = origin.data;
	end
end);
