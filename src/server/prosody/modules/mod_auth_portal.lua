-- Authentication provider: every login is decided by the portal server over loopback, with a
-- shared secret (docs/architecture.md §1; docs/prosody.md "Authenticating against our server").
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
-- Answers "yes", "no" (a definite refusal: wrong password, too many failures) or "unavailable"
-- (the portal is down, stalls past the timeout or fails): a temporary failure, not a wrong password.
local function ask_portal(username, password, address)
	if not auth_url or not secret then return "unavailable"; end
	local wait, done = async.waiter();
	local finished, verdict = false, "unavailable";
	local timer = module:add_timer(timeout, function()
		if finished then return; end
		finished = true;
		module:log("warn", "Portal did not answer the login check for %s within %ds", username, timeout);
		done();
	end);
	http.request(auth_url, {
		method = "POST";
		headers = { ["Content-Type"] = "application/json"; ["X-Portal-Secret"] = secret };
		body = json.encode({ username = username; password = password; host = host; address = address });
	}, function(_, code)
		if finished then return; end
		finished = true;
		timer:stop();
		if code == 200 then
			verdict = "yes";
		elseif code == 401 or code == 429 then
			verdict = "no";
		elseif code == 0 then
			module:log("error", "Portal unreachable at %s", auth_url);
		else
			module:log("error", "Portal answered the login check for %s with HTTP %s", username, tostring(code));
		end
		done();
	end);
	wait();
	return verdict;
end

function provider.test_password(username, password)
	return ask_portal(username, password) == "yes";
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

-- RFC 6120 §6.5.12: a check that could not be made is `temporary-auth-failure`, so clients retry
-- instead of telling the user the password is wrong. util.sasl's PLAIN only knows not-authorized
-- and account-disabled, so the handler (and each clean clone mod_saslauth makes after a failure)
-- turns a failure into temporary-auth-failure when the portal was unavailable.
local function with_temporary_failures(handler)
	local process, clean_clone = handler.process, handler.clean_clone;
	function handler:process(message)
		local status, condition, text = process(self, message);
		if status == "failure" and self.portal_unavailable then
			self.portal_unavailable = nil;
			return "failure", "temporary-auth-failure", "The password could not be checked now; try again shortly";
		end
		return status, condition, text;
	end
	function handler:clean_clone()
		return with_temporary_failures(clean_clone(self));
	end
	return handler;
end

function provider.get_sasl_handler(session)
	local address = session and session.ip;
	return with_temporary_failures(new_sasl(host, {
		plain_test = function(sasl, username, password)
			local verdict = ask_portal(username, password, address);
			if verdict == "unavailable" then sasl.portal_unavailable = true; end
			return verdict == "yes", true;
		end;
	}));
end

module:provides("auth", provider);
