-- Users as the vendor's chat server answers for them (docs/wire/hosted-chat.md §15; the vendor's
-- SDK, quickblox 2.23.0 src/modules/chat/qbChat.js, and its spec QB-CoreSpec.js "Ping tests" and
-- QB-ChatSpec.js "User Last Activity" are the judge). Which users exist is the portal's to say:
-- Prosody holds no accounts, so each question goes to POST {portal_hook_base}/user.
--
-- * Last activity (XEP-0012) of any user of the application, contact or not, as apps show
--   'last seen': 0 while online, else the seconds since the user was last seen (the later of the
--   portal's last request time and the end of the last session here); an error for a user that
--   does not exist (the SDK then reports seconds as undefined). mod_lastactivity answers only
--   contacts (forbidden otherwise).
-- * A ping to a user who does not exist gets no answer at all, so ping(userId) calls back
--   'No answer' (ChatProxy.ping's time-out); mod_ping would answer for any bare JID.
local st = require "util.stanza";
local jid = require "util.jid";
local http = require "net.http";
local async = require "util.async";
local json = require "util.json";

local hook_base = module:get_option_string("portal_hook_base");
local secret = module:get_option_string("portal_hook_secret");
local timeout = module:get_option_number("portal_user_timeout", 5);

-- When each user's last session here ended (the portal knows only its own last request time).
local last_offline = {};

-- An unavailable presence without a recipient ends being online too (as mod_lastactivity counts).
module:hook("pre-presence/bare", function(event)
	local stanza = event.stanza;
	if not stanza.attr.to and stanza.attr.type == "unavailable" and event.origin.username then
		last_offline[event.origin.username] = os.time();
	end
end, 10);

module:hook("resource-unbind", function(event)
	local username = event.session.username;
	local user = username and prosody.bare_sessions[jid.join(username, module.host)];
	if not user or next(user.sessions) == nil then last_offline[username] = os.time(); end
end);

-- Asks the portal about `username` (in the stanza's async runner): { exists, last_seen } or nil when
-- it could not answer (then Prosody's own modules answer as before).
local function ask_portal(username)
	if not hook_base or not secret or not async.ready() then return nil; end
	local wait, done = async.waiter();
	local finished, answer = false, nil;
	local timer = module:add_timer(timeout, function()
		if finished then return; end
		finished = true;
		module:log("warn", "Portal did not say within %ds whether %s exists", timeout, username);
		done();
	end);
	http.request(hook_base .. "/user", {
		method = "POST";
		headers = { ["Content-Type"] = "application/json"; ["X-Portal-Secret"] = secret };
		body = json.encode({ username = username; host = module.host });
	}, function(body, code)
		if finished then return; end
		finished = true;
		timer:stop();
		if code == 200 then
			local ok, decoded = pcall(json.decode, body);
			if ok and type(decoded) == "table" then answer = decoded; end
		else
			module:log("error", "Portal answered the user question for %s with HTTP %s", username, tostring(code));
		end
		done();
	end);
	wait();
	return answer;
end

local function online(username)
	local user = prosody.bare_sessions[jid.join(username, module.host)];
	if not user then return false; end
	for _, session in pairs(user.sessions) do
		if session.presence then return true; end
	end
	return false;
end

-- A node of the chat's shape, {userId}-{appId}; anything else is nobody.
local function chat_node(to)
	local node, host = jid.split(to);
	if host ~= module.host or not node then return nil; end
	return node:match("^%d+%-%d+$") and node or false;
end

module:hook("iq-get/bare/jabber:iq:last:query", function(event)
	local origin, stanza = event.origin, event.stanza;
	local node = stanza.attr.to and chat_node(stanza.attr.to);
	if node == nil then return; end
	local answer = node and ask_portal(node);
	if node and not answer then return; end
	if not node or answer.exists ~= true then
		origin.send(st.error_reply(stanza, "cancel", "item-not-found", "No such user"));
		return true;
	end
	local seconds = 0;
	if not online(node) then
		local seen = math.max(tonumber(answer.last_seen) or 0, last_offline[node] or 0);
		seconds = seen > 0 and math.max(0, os.time() - seen) or 0;
	end
	origin.send(st.reply(stanza):tag("query", { xmlns = "jabber:iq:last"; seconds = string.format("%d", seconds) }));
	return true;
end, 10);

module:hook("iq-get/bare/urn:xmpp:ping:ping", function(event)
	local node = event.stanza.attr.to and chat_node(event.stanza.attr.to);
	if node == nil then return; end
	if node then
		local answer = ask_portal(node);
		if not answer or answer.exists == true then return; end
	end
	-- Nobody: no answer (see the top of this file).
	return true;
end, 10);
