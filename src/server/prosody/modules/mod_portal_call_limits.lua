-- Limits call signals per sender (docs/prosody.md "Other modules of ours"; docs/calls.md "Who may
-- ring"). Call signals are headlines between two users (docs/wire/hosted-chat.md §20.1) that never
-- reach the portal server, so Prosody counts them: per sender's bare JID, at most
-- `portal_call_ring_limit` `call` signals (default 12) and `portal_call_signal_limit` call signals
-- of any type (default 120) in `portal_call_limit_period` seconds (default 10), refilled evenly.
-- A caller re-dials each opponent every 5 s (wire §20.4) and trickles a few dozen candidates, so a
-- real call stays far below; a flood of rings, which made every ringing client answer with busy
-- rejects, does not. A signal over the limit is not delivered: the sender gets a `wait`
-- policy-violation error (RFC 6120 §8.3.3.12).
local st = require "util.stanza";
local throttle = require "util.throttle";

local WEBRTC_MODULE = "WebRTCVideoChat";
local ring_max = module:get_option_number("portal_call_ring_limit", 12);
local signal_max = module:get_option_number("portal_call_signal_limit", 120);
local period = module:get_option_number("portal_call_limit_period", 10);

-- sender's bare JID -> { rings, signals, seen }
local senders = {};

-- The signal type of a call signal, or nil for any other stanza.
local function call_signal(stanza)
	if stanza.attr.type ~= "headline" then return nil; end
	for _, child in ipairs(stanza.tags) do
		if child.name == "extraParams" and (child.attr.xmlns == nil or child.attr.xmlns == "jabber:client") then
			if child:get_child_text("moduleIdentifier") ~= WEBRTC_MODULE then return nil; end
			return child:get_child_text("signalType") or "";
		end
	end
	return nil;
end

local function limit(event)
	local origin, stanza = event.origin, event.stanza;
	local signal = call_signal(stanza);
	if not signal or not origin.username then return; end
	local sender = origin.username .. "@" .. origin.host;
	local counts = senders[sender];
	if not counts then
		counts = { rings = throttle.create(ring_max, period), signals = throttle.create(signal_max, period) };
		senders[sender] = counts;
	end
	counts.seen = os.time();
	-- util.throttle refills only when a poll finds its balance short, by the time since its last
	-- refill: a sender who rang a few times and waited a period then had what was left plus a whole
	-- new allowance, nearly twice the limit at once. Refilled on every signal, the allowance never
	-- passes the limit.
	counts.signals:update();
	counts.rings:update();
	if counts.signals:poll(1) and (signal ~= "call" or counts.rings:poll(1)) then return; end
	module:log("debug", "Call signal %s of %s over the limit: not delivered", signal, sender);
	origin.send(st.error_reply(stanza, "wait", "policy-violation", "Too many call signals; wait a moment"));
	return true;
end

-- Before routing, on the sender's host, for stanzas from its clients (core/stanza_router.lua).
module:hook("pre-message/bare", limit, 100);
module:hook("pre-message/full", limit, 100);

-- Senders quiet for a whole period have full allowances again: their counters are dropped.
module:add_timer(period * 6, function()
	local idle_since = os.time() - period;
	for sender, counts in pairs(senders) do
		if counts.seen < idle_since then senders[sender] = nil; end
	end
	return period * 6;
end);
