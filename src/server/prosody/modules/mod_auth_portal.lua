-- Authentication provider: every login is decided by the portal server over loopback, with a
-- shared secret (DESIGN.md §1; ../shared/protocols/prosody.md "Authenticating against our server").
-- No account lives in Prosody. SASL PLAIN only: loopback, or TLS in production.
local new_sasl = require "util.sasl".new;
local http = require "net.http";
local async = require "util.async";
local json = require "util.json";

local auth_url = module:get_option_string("portal_auth_url");
local secret = module:get_option_string("portal_hook_secret");
local timeout = module:get_option_number("portal_auth_timeout", 5);
local host = module.host;

if not auth_url or not secret then
	module:log("error", "portal_auth_url and portal_hook_secret must be set; every login will fail");
end

local provider = {};

-- Asks the portal; runs inside the session's async runner, so waiting blocks nobody else.
local function ask_portal(username, password)
	if not auth_url or not secret then return false; end
	local wait, done = async.waiter();
	local finished, accepted = false, false;
	local timer = module:add_timer(timeout, function()
		if finished then return; end
		finished = true;
		module:log("warn", "Portal did not answer the login check for %s within %ds", username, timeout);
		done();
	end);
	http.request(auth_url, {
		method = "POST";
		headers = { ["Content-Type"] = "application/json"; ["X-Portal-Secret"] = secret };
		body = json.encode({ username = username; password = password; host = host });
	}, function(_, code)
		if finished then return; end
		finished = true;
		timer:stop();
		if code == 0 then
			module:log("error", "Portal unreachable at %s", auth_url);
		end
		accepted = (code == 200);
		done();
	end);
	wait();
	return accepted;
end

function provider.test_password(username, password)
	return ask_portal(username, password);
end

-- Chat nodes are `{chatId}-{appId}`; messages to a known shape go to offline storage when the
-- user is away, as with the hosted service.
function provider.user_exists(username)
	return username:match("^%d+%-%d+$") ~= nil;
end

function provider.users()
	return function() return nil; end;
end

function provider.get_password()
	return nil, "Passwords are held by the portal";
end

function provider.set_password()
	return nil, "Passwords are managed by the portal";
end

function provider.create_user()
	return nil, "Accounts are managed by the portal";
end

function provider.delete_user()
	return nil, "Accounts are managed by the portal";
end

function provider.get_sasl_handler()
	return new_sasl(host, {
		plain_test = function(_, username, password)
			return provider.test_password(username, password), true;
		end;
	});
end

module:provides("auth", provider);
