-- Enforces RFC 7395 §3.3.3 on XMPP over WebSocket (docs/prosody.md "Other modules of ours"): each
-- WebSocket message holds one whole XML element. Prosody 0.12's mod_websocket hands the payloads
-- of the frames to the stream parser as one text, so a message holding half an element leaves
-- the stream waiting for the rest, for ever. This module reads the same frames in front of
-- mod_websocket (a `bytes/in` filter of higher priority, on its own copy of the bytes), checks
-- each text message it would accept, and on the first that is not one whole element lets the
-- messages before it through, then closes the stream with `not-well-formed` (RFC 6120
-- §4.9.3.13), which closes the socket. Other streams are not touched.
module:set_global();

local add_filter = require "util.filters".add_filter;
local dbuffer = require "util.dbuffer";
local parse_frame = require "net.websocket.frames".parse;
local lxp = require "lxp";

-- mod_websocket's own limits, so both readers hold the same bytes or both give up.
local stanza_size_limit = module:get_option_number("c2s_stanza_size_limit", 1024 * 256);
local frame_buffer_limit = module:get_option_number("websocket_frame_buffer_limit", 2 * stanza_size_limit);
local frame_fragment_limit = module:get_option_number("websocket_frame_fragment_limit", 8);

local c2s_sessions = module:shared("/*/c2s/sessions");

local TEXT, LT = 0x1, 60;

-- Whether `text` parses as one complete XML document: one element, nothing cut off, nothing after
-- it. A DTD is not judged here: Prosody refuses it itself (restricted-xml).
local function whole_element(text)
	local doctype = false;
	local parser = lxp.new({
		StartDoctypeDecl = function(p)
			doctype = true;
			p:stop();
		end;
	});
	local ok = parser:parse(text);
	if ok then ok = parser:parse(); end
	if ok then parser:close(); end
	return ok and true or doctype;
end

-- Only the messages mod_websocket itself accepts reach the parser: a final text frame within the
-- size limit that starts with "<". Everything else is mod_websocket's to refuse.
local function judged(frame)
	return frame.opcode == TEXT and frame.FIN and frame.length <= stanza_size_limit
		and frame.data:byte(1, 1) == LT;
end

local function watch(event)
	local session, conn = event.session, event.session.conn;
	local frames = dbuffer.new(frame_buffer_limit, frame_fragment_limit);
	local state = "reading"; -- "reading" → "refused" (drop the rest) or "off" (buffer full)
	local passing = false;

	local function refuse(data, whole_bytes)
		state = "refused";
		-- After a resumption (XEP-0198) the connection serves the resumed session.
		local live = c2s_sessions[conn] or session;
		if whole_bytes > 0 then
			passing = true;
			live.data(data:sub(1, whole_bytes));
			passing = false;
		end
		if not live.destroyed then
			module:log("warn", "Closing the stream of %s: a WebSocket message is not one whole XML element",
				live.full_jid or live.ip or "?");
			live:close({
				condition = "not-well-formed";
				text = "Each WebSocket message must hold one whole XML element (RFC 7395 3.3.3)";
			});
		end
	end

	add_filter(session, "bytes/in", function(data)
		if passing or state == "off" then return data; end
		if state == "refused" then return nil; end
		local carried = frames:len();
		if not frames:write(data) then
			-- mod_websocket's buffer overflows too and closes the stream (resource-constraint).
			state = "off";
			return data;
		end
		local read = 0;
		local frame, length = parse_frame(frames);
		while frame do
			if judged(frame) and not whole_element(frame.data) then
				refuse(data, math.max(0, read - carried));
				return nil;
			end
			frames:discard(length);
			read = read + length;
			frame, length = parse_frame(frames);
		end
		return data;
	end, 100);
end

module:hook("websocket-session", watch);
